import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '@devplay/shared';
import { sessionKeys } from '../../../lib/session';
import { emitLive, openLive } from '../../../test/live-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { makeConversation, makeMe } from '../../../test/factories';
import { useMessagesLive } from '../use-messages-live';
import { ConversationList } from './conversation-list';
import { MessagesNavLink } from './messages-nav-link';
import { requestsTo, stubFetch } from '../../../test/fetch-mock';

vi.mock('../../../lib/use-live', () => import('../../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });
const ada = makeMe();
let conversations: Conversation[] = [];

beforeEach(() => {
  fetchMock.mockImplementation((input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/me') return Promise.resolve(jsonResponse({ body: ada }));
    if (url.pathname === '/api/messages/conversations') {
      return Promise.resolve(jsonResponse({ body: conversations }));
    }
    if (method === 'DELETE' && url.pathname.startsWith('/api/messages/conversations/')) {
      const userId = Number(url.pathname.split('/').at(-1));
      conversations = conversations.filter((entry) => entry.userId !== userId);
      return Promise.resolve(jsonResponse({ body: { message: 'Conversation deleted' } }));
    }
    if (url.pathname === '/api/messages/unread-count') {
      return Promise.resolve(jsonResponse({ body: { count: 0 } }));
    }
    return Promise.resolve(jsonResponse({ status: 404, body: { message: 'Not found' } }));
  });
});

function Live() {
  useMessagesLive();
  return null;
}

describe('conversation list', () => {
  it('shows one row per conversation, with the unread count on the unread ones', async () => {
    conversations = [
      makeConversation({ userId: 2, username: 'bob', fullName: 'Bob Builder', unread: 3 }),
      makeConversation({
        userId: 3,
        username: 'cleo',
        fullName: '',
        lastMessage: 'Bye',
        unread: 0,
      }),
    ];
    renderWithApp(<ConversationList />, { path: '/message' });

    expect(await screen.findByRole('heading', { name: 'Your messages' })).toBeInTheDocument();
    const bobRow = await screen.findByRole('link', { name: /Bob Builder/ });
    expect(bobRow).toHaveAttribute('href', '/message/2');
    expect(within(bobRow).getByText('3 unread')).toBeInTheDocument();
    expect(within(bobRow).getByText('See you')).toBeInTheDocument();

    const cleoRow = screen.getByRole('link', { name: /cleo/ });
    expect(cleoRow).toHaveAttribute('href', '/message/3');
    expect(within(cleoRow).queryByText(/unread/)).not.toBeInTheDocument();
  });

  it("shows every last message time as day.month.year hour:minute, today's too", async () => {
    const today = new Date();
    today.setHours(9, 41, 0, 0);
    conversations = [
      makeConversation({ userId: 2, lastMessageTime: today.toISOString() }),
      makeConversation({
        userId: 3,
        username: 'cleo',
        lastMessageTime: new Date(2024, 11, 31, 23, 7).toISOString(),
      }),
    ];
    renderWithApp(<ConversationList />, { path: '/message' });

    expect(await screen.findByText('31.12.2024 23:07')).toBeInTheDocument();
    const day = `${String(today.getDate()).padStart(2, '0')}.${String(today.getMonth() + 1).padStart(2, '0')}`;
    expect(screen.getByText(`${day}.${today.getFullYear()} 09:41`)).toBeInTheDocument();
  });

  it("says 'No messages' when there is no conversation, and where to find people", async () => {
    conversations = [];
    renderWithApp(<ConversationList />, { path: '/message' });

    expect(await screen.findByText('No messages')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find people to write to' })).toHaveAttribute(
      'href',
      '/home_page',
    );
  });

  it('deletes a conversation after asking, and its row goes', async () => {
    conversations = [makeConversation()];
    const user = userEvent.setup();
    renderWithApp(<ConversationList />, { path: '/message' });

    await user.click(await screen.findByRole('button', { name: 'Delete conversation with bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this conversation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('link', { name: /Bob/ })).not.toBeInTheDocument(),
    );
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/messages/conversations/2' && init?.method === 'DELETE',
      ),
    ).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is read again when the socket opens, which does not ask for the count: its greeting brings it', async () => {
    conversations = [];
    renderWithApp(
      <>
        <Live />
        <ConversationList />
      </>,
      { path: '/message' },
    );
    expect(await screen.findByText('No messages')).toBeInTheDocument();

    conversations = [makeConversation({ userId: 2, username: 'bob', fullName: 'Bob Builder' })];
    await openLive();
    expect(await screen.findByRole('link', { name: /Bob Builder/ })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/messages/unread-count')).toHaveLength(0);
  });

  it('raises the header badge when an unread:count event arrives, without a reload', async () => {
    conversations = [];
    const { queryClient } = renderWithApp(
      <>
        <Live />
        <MessagesNavLink />
      </>,
      { path: '/home_page' },
    );
    await waitFor(() => expect(queryClient.getQueryData(sessionKeys.me())).toEqual(ada));
    expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument();

    await emitLive({ type: 'unread:count', data: { count: 4 } });

    expect(await screen.findByRole('link', { name: 'Messages, 4 unread' })).toHaveAttribute(
      'href',
      '/message',
    );
  });
});
