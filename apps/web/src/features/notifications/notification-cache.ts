import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationPage } from '@devplay/shared';
import { QUERY_ROOTS } from '../../lib/query-roots';
import { updateMe } from '../../lib/session';

/** Every notifications query hangs under ['notifications'], so one prefix reaches them all. */
export const notificationKeys = {
  all: [QUERY_ROOTS.notifications] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};

export type NotificationData = InfiniteData<NotificationPage, string | null>;

/** The list in reading order, newest first, each group once (a frame and a page may both bring it). */
export function notificationsOf(data: Pick<NotificationData, 'pages'> | undefined): Notification[] {
  const seen = new Set<number>();
  const items: Notification[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/**
 * Edits the cached list. A fetch already under way may have been answered before this change and
 * would overwrite it on arrival, so that fetch is restarted instead of trusted.
 */
function patchList(queryClient: QueryClient, edit: (data: NotificationData) => NotificationData) {
  const key = notificationKeys.list();
  queryClient.setQueryData<NotificationData>(key, (data) => (data ? edit(data) : data));
  if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/**
 * A group as it now is: its older version leaves wherever it was, and it goes on top, since its
 * `createdAt` is its latest event and the list is ordered by it. Frames of one group may cross
 * on the way: one older than the version held changes nothing.
 */
export function putNotificationOnTop(queryClient: QueryClient, group: Notification) {
  patchList(queryClient, (data) => {
    const held = data.pages.flatMap((page) => page.items).find((item) => item.id === group.id);
    if (held && held.createdAt > group.createdAt) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== group.id),
    }));
    const [newest, ...older] = pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, items: [group, ...newest.items] }, ...older] };
  });
}

/** Cached groups read from `readAt` on: those with the given ids, or all of them. */
export function markCachedRead(
  queryClient: QueryClient,
  readAt: string,
  ids?: ReadonlySet<number>,
) {
  const marks = (item: Notification) => !item.readAt && (!ids || ids.has(item.id));
  patchList(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (marks(item) ? { ...item, readAt } : item)),
    })),
  }));
}

/** The count lives in the session's profile, so the bell, the menus and the title read one number. */
export function setUnreadNotifications(queryClient: QueryClient, unread: number) {
  updateMe(queryClient, (me) =>
    me.unreadNotifications === unread ? me : { ...me, unreadNotifications: unread },
  );
}
