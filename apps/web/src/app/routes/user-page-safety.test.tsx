import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '@devplay/shared';
import { makeMe, makeProfile } from '../../test/factories';
import { requestsTo, stubFetch } from '../../test/fetch-mock';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastProvider } from '../../components/toast-provider';
import { jsonResponse, testQueryClient } from '../../test/render';
import { UserPage } from './user-page';

const fetchMock = stubFetch({ signedIn: true });
let profile: Profile;

/** Bob as the server has him; the writes change him as the server would. */
beforeEach(() => {
  profile = makeProfile({ followersCount: 1 });
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const write = `${init?.method ?? 'GET'} ${path}`;
    const changes: Record<string, [Partial<Profile>, object]> = {
      'POST /api/block': [{ blocked: true, isFollowing: false }, { blocked: true }],
      'POST /api/unblock': [{ blocked: false }, { blocked: false }],
      'POST /api/mute': [{ muted: true }, { muted: true }],
      'POST /api/unmute': [{ muted: false }, { muted: false }],
    };
    const change = changes[write];
    if (change) {
      profile = { ...profile, ...change[0] };
      return jsonResponse({ body: change[1] });
    }
    if (path === '/api/me') return jsonResponse({ body: makeMe() });
    if (path === '/api/user/bob') return jsonResponse({ body: profile });
    if (path === '/api/users') return jsonResponse({ body: [] });
    return jsonResponse({ body: { items: [], nextCursor: null } });
  });
});

const bodiesOf = (key: string) =>
  requestsTo(fetchMock, key).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

function openBob() {
  const user = userEvent.setup();
  const router = createMemoryRouter([{ path: '/user/:username', element: <UserPage /> }], {
    initialEntries: ['/user/bob'],
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

/** Bob's profile card: name, picture, and whatever actions it offers. */
const card = () => screen.getByRole('region', { name: 'Bob Builder' });

async function chooseFromMenu(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(await screen.findByRole('button', { name: 'More actions for @bob' }));
  await user.click(screen.getByRole('menuitem', { name: item }));
}

describe('blocking from a profile', () => {
  it('asks first, blocks, then offers Unblock instead of subscribing, messaging or paying', async () => {
    const user = openBob();
    await chooseFromMenu(user, 'Block @bob');

    const dialog = screen.getByRole('dialog', { name: 'Block @bob?' });
    expect(dialog).toHaveTextContent('They will not be able to follow you, message you');
    expect(dialog).toHaveTextContent('They are not told.');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));

    expect(await screen.findByRole('button', { name: 'Unblock @bob' })).toBeInTheDocument();
    expect(bodiesOf('POST /api/block')).toEqual([{ username: 'bob' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('@bob is blocked.')).toBeInTheDocument();
    expect(card()).toHaveTextContent('You have blocked this member');
    expect(within(card()).queryByRole('link', { name: 'Write a message' })).toBeNull();
    expect(within(card()).queryByRole('link', { name: 'Send money' })).toBeNull();
    expect(within(card()).queryByRole('button', { name: /Subscribe/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Posts' })).not.toBeInTheDocument();
  });

  it('leaves everything as it was when the dialog is cancelled', async () => {
    const user = openBob();
    await chooseFromMenu(user, 'Block @bob');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/block')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'More actions for @bob' })).toHaveFocus();
  });

  it('unblocks with one click, and the profile is whole again', async () => {
    profile = { ...profile, blocked: true };
    const user = openBob();
    await user.click(await screen.findByRole('button', { name: 'Unblock @bob' }));

    expect(await screen.findByRole('link', { name: 'Write a message' })).toBeInTheDocument();
    expect(bodiesOf('POST /api/unblock')).toEqual([{ username: 'bob' }]);
    expect(screen.queryByRole('button', { name: 'Unblock @bob' })).not.toBeInTheDocument();
  });
});

/** What the server answers for a member it shows by name and picture only. */
function bare(overrides: Partial<Profile>): Profile {
  const { age, bio, posts_count, followersCount, followingsCount, ...rest } = makeProfile();
  void [age, bio, posts_count, followersCount, followingsCount];
  return { ...rest, canMessage: false, canSendMoney: false, ...overrides };
}

describe('a profile the viewer may not see', () => {
  it('of a member who blocks the viewer shows only the name, the picture and why', async () => {
    profile = bare({ blocksMe: true });
    openBob();

    expect(await screen.findByRole('heading', { name: 'Bob Builder' })).toBeInTheDocument();
    expect(card()).toHaveTextContent('@bob');
    expect(card()).toHaveTextContent('You cannot interact with this member.');
    expect(within(card()).queryAllByRole('button')).toEqual([]);
    expect(within(card()).queryAllByRole('link')).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'About' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Posts' })).not.toBeInTheDocument();
  });

  it('keeps Unblock when both block each other', async () => {
    profile = bare({ blocksMe: true, blocked: true });
    openBob();

    expect(await screen.findByRole('button', { name: 'Unblock @bob' })).toBeInTheDocument();
    expect(card()).toHaveTextContent('You cannot interact with this member.');
  });

  it('of a suspended member says so, with nothing to do', async () => {
    profile = bare({ suspended: true });
    openBob();

    expect(await screen.findByText('This account is suspended.')).toBeInTheDocument();
    expect(within(card()).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByText('You cannot interact with this member.')).not.toBeInTheDocument();
  });
});

describe('muting from a profile', () => {
  it('mutes their notifications too unless unticked, and offers Unmute after', async () => {
    const user = openBob();
    await chooseFromMenu(user, 'Mute @bob');
    const dialog = screen.getByRole('dialog', { name: 'Mute @bob?' });
    expect(
      within(dialog).getByRole('checkbox', { name: 'Also mute their notifications' }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Mute' }));

    const unmute = await screen.findByRole('button', { name: 'Unmute @bob' });
    expect(bodiesOf('POST /api/mute')).toEqual([{ username: 'bob', notifications: true }]);
    expect(card()).toHaveTextContent('You have muted this member');

    await user.click(unmute);
    await waitFor(() => expect(bodiesOf('POST /api/unmute')).toEqual([{ username: 'bob' }]));
    expect(await screen.findByText('@bob is unmuted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unmute @bob' })).not.toBeInTheDocument();
  });

  it('sends notifications: false when the box is unticked', async () => {
    const user = openBob();
    await chooseFromMenu(user, 'Mute @bob');
    const dialog = screen.getByRole('dialog', { name: 'Mute @bob?' });
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Also mute their notifications' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Mute' }));

    await screen.findByRole('button', { name: 'Unmute @bob' });
    expect(bodiesOf('POST /api/mute')).toEqual([{ username: 'bob', notifications: false }]);
  });
});
