import { useSession } from '../../lib/session';

/**
 * Kept live by `notifications:unread` frames (see useNotificationsLive), seeded by the profile.
 * Apart from api.ts: the header's bell needs only this on the first paint, while the list's
 * fetchers and cache code load with the page.
 */
export function useUnreadNotifications(): number {
  const { me } = useSession();
  return me?.unreadNotifications ?? 0;
}
