import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { NotificationSettings, NotificationType } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { READ_AHEAD_FRESH_MS } from '../../lib/read-ahead';
import { liveSocket } from '../../lib/use-live';
import { markCachedRead, notificationKeys, setUnreadNotifications } from './notification-cache';

const PAGE_SIZE = 20;

const fetchNotificationPage = (cursor: string | null, signal?: AbortSignal) =>
  api.call('listNotifications', {
    query: { cursor: cursor ?? undefined, limit: PAGE_SIZE },
    signal,
  });

/** The member's notifications, newest first, a page at a time. */
const notificationsQuery = (queryClient: QueryClient) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchNotificationPage(pageParam, signal);
      if (pageParam === null) {
        // The first page is the newest state: the count follows it, and a reconnect of the
        // socket asks only for groups changed after the newest one shown.
        setUnreadNotifications(queryClient, page.unread);
        const [newest] = page.items;
        if (newest) liveSocket().holdNotificationsUpTo(newest.createdAt);
      }
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Read ahead by the route (prefetchNotifications), not asked for again on mount; the live
    // socket keeps it current meanwhile.
    staleTime: READ_AHEAD_FRESH_MS,
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQuery(useQueryClient()));
}

/** Starts the first page before its screen exists, beside the page's code. */
export const prefetchNotifications = (queryClient: QueryClient) =>
  queryClient.prefetchInfiniteQuery(notificationsQuery(queryClient));

/** Marks the groups with these ids read (those on screen); the count follows the answer. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.call('readNotifications', { body: { ids } }),
    onSuccess: ({ unread }) => setUnreadNotifications(queryClient, unread),
  });
}

/** "Mark all as read": every group, shown or not. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('readNotifications', { body: {} }),
    onSuccess: ({ unread }) => {
      markCachedRead(queryClient, new Date().toISOString());
      setUnreadNotifications(queryClient, unread);
    },
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => api.call('getNotificationSettings', { signal }),
  });
}

/**
 * One switch saves one type. The switch moves at once and moves back if the server refuses; the
 * server's answer (the whole set) then replaces the cached one.
 */
export function useUpdateNotificationSetting() {
  const queryClient = useQueryClient();
  const key = notificationKeys.settings();
  return useMutation({
    mutationKey: key,
    mutationFn: (change: { type: NotificationType; on: boolean }) =>
      api.call('updateNotificationSettings', { body: { [change.type]: change.on } }),
    onMutate: async ({ type, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<NotificationSettings>(key);
      if (before) queryClient.setQueryData(key, { ...before, [type]: on });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (settings) => {
      // An answer to an earlier switch must not move back a later one still on its way.
      if (queryClient.isMutating({ mutationKey: key }) <= 1)
        queryClient.setQueryData(key, settings);
    },
  });
}
