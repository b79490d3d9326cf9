import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me, Notification, NotificationPage } from '@devplay/shared';
import { formatDateTime } from '../../../lib/format-date-time';
import { sessionKeys } from '../../../lib/session';
import { makeMe } from '../../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../../test/fetch-mock';
import { emitLive, heldNotificationsSince } from '../../../test/live-mock';
import { jsonResponse, renderWithApp } from '../../../test/render';
import { alice, bob, carol, followGroup, likeGroup } from '../notification-fixtures';
import { useNotificationsLive } from '../use-notifications-live';
import { NotificationBell } from './notification-bell';
import { NotificationList } from './notification-list';

vi.mock('../../../lib/use-live', () => import('../../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });
let pages: Record<string, NotificationPage>;
let unreadAfterRead: number;

const page = (items: Notification[], nextCursor: string | null = null): NotificationPage => ({
  items,
  nextCursor,
  unread: items.filter((item) => !item.readAt).length,
});

beforeEach(() => {
  unreadAfterRead = 0;
  routeFetch(fetchMock, {
    'GET /api/me': () => jsonResponse({ body: makeMe() }),
    'GET /api/notifications': (_init, url) => {
      const found = pages[new URL(url, 'http://localhost').searchParams.get('cursor') ?? ''];
      return found ? jsonResponse({ body: found }) : jsonResponse({ status: 500, body: {} });
    },
    'POST /api/notifications/read': () => jsonResponse({ body: { unread: unreadAfterRead } }),
  });
});

function Screen() {
  useNotificationsLive();
  return (
    <>
      <NotificationBell />
      <NotificationList meId={1} />
    </>
  );
}

function renderList(unread = 0) {
  const view = renderWithApp(<Screen />, { path: '/notifications' });
  view.queryClient.setQueryData<Me>(sessionKeys.me(), makeMe({ unreadNotifications: unread }));
  return view;
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
const readBodies = () =>
  requestsTo(fetchMock, 'POST /api/notifications/read').map(([, init]) =>
    JSON.parse(String(init?.body)),
  );

describe('the notifications list', () => {
  it("says 'No notifications yet.' when there are none, with nothing to mark read", async () => {
    pages = { '': page([]) };
    renderList();

    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(readBodies()).toEqual([]);
  });

  it('shows each group newest first: pictures, sentence, time, a link to its subject', async () => {
    const liked = likeGroup(2, {
      actors: [alice, bob, carol],
      actorsCount: 40,
      createdAt: '2026-03-04T08:00:00.000Z',
    });
    const followed = followGroup(1, [alice]);
    pages = { '': page([liked, { ...followed, readAt: '2026-03-04T06:00:00.000Z' }]) };
    renderList(1);

    await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = rows();
    expect(
      within(first!).getByRole('link', { name: 'alice, bob and 38 others liked “Clutch 1v4”' }),
    ).toHaveAttribute('href', '/post/10');
    expect(first).toHaveTextContent(formatDateTime(liked.createdAt));
    expect(first!.querySelectorAll('img')).toHaveLength(3);
    expect(within(second!).getByRole('link', { name: 'alice subscribed to you' })).toHaveAttribute(
      'href',
      '/user/alice',
    );
    // Unread is said in words, not only with colour.
    expect(within(first!).getByText('New')).toBeInTheDocument();
    expect(within(second!).queryByText('New')).not.toBeInTheDocument();
  });

  it('marks what it shows read on opening, and the bell follows the answer', async () => {
    pages = { '': page([likeGroup(2), followGroup(1, [alice])], 'c2'), c2: page([likeGroup(9)]) };
    // One more arrived elsewhere meanwhile: the server's answer is the count.
    unreadAfterRead = 1;
    renderList(3);

    await waitFor(() => expect(readBodies()).toEqual([{ ids: [2, 1] }]));
    expect(
      await screen.findByRole('link', { name: 'Notifications, 1 unread' }),
    ).toBeInTheDocument();
    // Still marked for this visit, so the reader sees what was new.
    expect(within(rows()[0]!).getByText('New')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeEnabled();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(readBodies()).toEqual([{ ids: [2, 1] }, { ids: [9] }]));
  });

  it('"Mark all as read" is off once opening the page read everything, rows still marked new', async () => {
    pages = { '': page([likeGroup(2)]) };
    unreadAfterRead = 0;
    renderList(1);

    await waitFor(() => expect(readBodies()).toEqual([{ ids: [2] }]));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled(),
    );
    expect(within(rows()[0]!).getByText('New')).toBeInTheDocument();
  });

  it('"Mark all as read" reads every group and clears the markers', async () => {
    const user = userEvent.setup();
    pages = { '': page([likeGroup(2)]) };
    unreadAfterRead = 5;
    const { queryClient } = renderList(6);
    await waitFor(() => expect(readBodies()).toHaveLength(1));
    unreadAfterRead = 0;

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(readBodies()).toEqual([{ ids: [2] }, {}]));
    await waitFor(() => expect(within(rows()[0]!).queryByText('New')).not.toBeInTheDocument());
    expect(queryClient.getQueryData<Me>(sessionKeys.me())?.unreadNotifications).toBe(0);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('a live group replaces its older version at the top, and the count follows its frame', async () => {
    pages = {
      '': page([followGroup(1, [alice]), likeGroup(2, { readAt: '2026-03-04T05:07:00.000Z' })]),
    };
    renderList();
    await screen.findByRole('link', { name: 'alice subscribed to you' });

    await emitLive({
      type: 'notification:new',
      data: { ...followGroup(1, [bob, alice]), createdAt: '2026-03-05T10:00:00.000Z' },
    });
    await emitLive({ type: 'notifications:unread', data: { unread: 4 } });

    expect(rows().map((row) => within(row).getByRole('link').textContent)).toEqual([
      'bob and alice subscribed to you',
      'alice liked “Clutch 1v4”',
    ]);
    expect(screen.getByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    expect(screen.getByText('4 unread notifications')).toBeInTheDocument();
    // A reconnect asks only for what changed after the newest group held.
    expect(heldNotificationsSince()).toBe('2026-03-05T10:00:00.000Z');
  });

  it('a frame older than the version of a group held changes nothing', async () => {
    const newer = { ...followGroup(1, [bob, alice]), createdAt: '2026-03-05T10:00:00.000Z' };
    pages = { '': page([newer]) };
    renderList();
    await screen.findByRole('link', { name: 'bob and alice subscribed to you' });

    await emitLive({
      type: 'notification:new',
      data: { ...followGroup(1, [alice]), createdAt: '2026-03-05T09:00:00.000Z' },
    });

    expect(rows().map((row) => within(row).getByRole('link').textContent)).toEqual([
      'bob and alice subscribed to you',
    ]);
  });

  it('is read again when the server could not replay all that changed', async () => {
    pages = { '': page([likeGroup(2)]) };
    renderList();
    await screen.findByRole('link', { name: 'alice liked “Clutch 1v4”' });

    pages = { '': page([followGroup(1, [alice]), likeGroup(2)]) };
    await emitLive({ type: 'resync', data: { reason: 'replay-capped' } });
    expect(
      await screen.findByRole('link', { name: 'alice subscribed to you' }),
    ).toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    pages = {};
    renderList();

    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading notifications');
  });
});
