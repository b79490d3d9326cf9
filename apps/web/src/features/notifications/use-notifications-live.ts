import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@devplay/shared';
import { sessionKeys } from '../../lib/session';
import { liveSocket, useLiveEvents } from '../../lib/use-live';
import {
  notificationKeys,
  putNotificationOnTop,
  setUnreadNotifications,
} from './notification-cache';

function applyLiveEvent(queryClient: QueryClient, event: LiveEvent) {
  // The server could not replay all that changed: the list is read again, the count with it.
  if (event.type === 'resync') {
    return void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
  }
  if (event.type === 'notifications:unread') {
    return setUnreadNotifications(queryClient, event.data.unread);
  }
  if (event.type !== 'notification:new') return;
  putNotificationOnTop(queryClient, event.data);
  liveSocket().holdNotificationsUpTo(event.data.createdAt);
}

/**
 * Keeps the unread count and the cached list live from the tab's one socket. Mounted once, in
 * the signed-in shell. The list and the count need nothing read again when the socket opens: its
 * greeting brings the count and replays the groups changed since the newest one this tab holds
 * (the newest 50 of them; a `resync` frame says when more changed, and the list is read again).
 * The member (its count of subscribers among the rest) is read again: no greeting carries it.
 */
export function useNotificationsLive() {
  const queryClient = useQueryClient();
  useLiveEvents([sessionKeys.me()], (event) => applyLiveEvent(queryClient, event));
}
