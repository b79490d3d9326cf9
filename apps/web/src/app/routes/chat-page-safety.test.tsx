import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@devplay/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../../components/toast-provider';
import { bob, makeMe, makeProfile } from '../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../test/fetch-mock';
import { jsonResponse, testQueryClient } from '../../test/render';
import { ChatPage } from './chat-page';

vi.mock('../../lib/use-live', () => import('../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });
let profile: Profile;

beforeEach(() => {
  profile = makeProfile();
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe() }),
    'GET /api/user/bob': () => jsonResponse({ body: profile }),
    'GET /api/messages/2': () => jsonResponse({ body: { items: [], nextCursor: null } }),
    'GET /api/messages/conversations': () => jsonResponse({ body: [] }),
    'POST /api/block': () => {
      profile = { ...profile, blocked: true, canMessage: false, canSendMoney: false };
      return jsonResponse({ body: { blocked: true } });
    },
    // Bob closed his messages after the chat was opened.
    'POST /api/messages': () => {
      profile = { ...profile, canMessage: false };
      return jsonResponse({
        status: 403,
        body: {
          message: 'This member does not accept messages from you.',
          code: 'MESSAGES_CLOSED',
        },
      });
    },
  });
});

/** The chat with Bob, opened from his profile (which brings him along as the peer). */
function openChat() {
  const user = userEvent.setup();
  const router = createMemoryRouter([{ path: '/message/:userId', element: <ChatPage /> }], {
    initialEntries: [{ pathname: '/message/2', state: { peer: bob } }],
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return user;
}

const composer = () => screen.queryByPlaceholderText('Enter message...');

describe('a chat with a member who does not take the viewer’s messages', () => {
  it('replaces the composer with the reason', async () => {
    profile = makeProfile({ canMessage: false });
    openChat();

    expect(
      await screen.findByText('This member does not accept messages from you.'),
    ).toBeInTheDocument();
    expect(composer()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('keeps the composer for a member who takes them', async () => {
    openChat();

    expect(await screen.findByText('No messages')).toBeInTheDocument();
    expect(composer()).toBeInTheDocument();
    expect(screen.queryByText('This member does not accept messages from you.')).toBeNull();
  });

  it('says so when a message is refused, and the composer gives way', async () => {
    const user = openChat();
    await screen.findByText('No messages');
    await user.type(await screen.findByPlaceholderText('Enter message...'), 'Hello{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This member does not accept messages from you.',
    );
    expect(
      await screen.findByText('This member does not accept messages from you.', { selector: 'p' }),
    ).toBeInTheDocument();
    expect(composer()).not.toBeInTheDocument();
  });
});

describe('blocking from a chat', () => {
  it('blocks from the header’s menu, after which the chat offers Unblock and no composer', async () => {
    const user = openChat();
    await screen.findByText('No messages');
    await user.click(await screen.findByRole('button', { name: 'More actions for @bob' }));
    expect(screen.queryByRole('menuitem', { name: 'Mute @bob' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Block @bob' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Block @bob?' })).getByRole('button', {
        name: 'Block',
      }),
    );

    expect(await screen.findByText('You cannot interact with this member.')).toBeInTheDocument();
    expect(composer()).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/block')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'More actions for @bob' }));
    expect(screen.getByRole('menuitem', { name: 'Unblock @bob' })).toBeInTheDocument();
  });
});
