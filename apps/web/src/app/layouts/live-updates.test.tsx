import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../lib/session';
import { makeMe } from '../../test/factories';
import { stubFetch } from '../../test/fetch-mock';
import { openLive } from '../../test/live-mock';
import { jsonResponse, renderWithApp } from '../../test/render';
import { LiveUpdates } from './live-updates';

vi.mock('../../lib/use-live', () => import('../../test/live-mock'));

const fetchMock = stubFetch({ signedIn: true });

afterEach(() => {
  document.title = '';
});

describe('LiveUpdates', () => {
  it("counts unread messages and notifications together in the tab's title", async () => {
    document.title = 'DevPlay';
    const me = makeMe({ unreadMessages: 2, unreadNotifications: 1 });
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ body: me })));
    const view = renderWithApp(<LiveUpdates />);
    view.queryClient.setQueryData(sessionKeys.me(), me);
    await waitFor(() => expect(document.title).toBe('(3) DevPlay'));

    // A message read elsewhere: only the notification is left.
    view.queryClient.setQueryData(sessionKeys.me(), { ...me, unreadMessages: 0 });
    await waitFor(() => expect(document.title).toBe('(1) DevPlay'));
  });

  it('counts messages alone when there are no notifications', async () => {
    document.title = 'DevPlay';
    const me = makeMe({ unreadMessages: 4, unreadNotifications: 0 });
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ body: me })));
    const view = renderWithApp(<LiveUpdates />);
    view.queryClient.setQueryData(sessionKeys.me(), me);
    await waitFor(() => expect(document.title).toBe('(4) DevPlay'));
  });

  it('reloads the member when the socket opens: a subscriber or a transfer may have come before it', async () => {
    const me = makeMe({ followersCount: 0, balance: 10 });
    let served = me;
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ body: served })));
    const view = renderWithApp(<LiveUpdates />);
    view.queryClient.setQueryData(sessionKeys.me(), me);
    await waitFor(() => expect(view.queryClient.isFetching()).toBe(0));

    served = { ...me, followersCount: 1, balance: 22.5 };
    await openLive();
    await waitFor(() =>
      expect(view.queryClient.getQueryData(sessionKeys.me())).toMatchObject({
        followersCount: 1,
        balance: 22.5,
      }),
    );
  });
});
