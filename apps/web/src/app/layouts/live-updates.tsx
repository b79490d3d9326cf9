import { useEffect } from 'react';
import { useOpenReportsLive } from '../../features/admin/use-open-reports-live';
import { useLiveBalance } from '../../features/money/api';
import { useFollowersLive } from '../../features/follows/use-followers-live';
import { useMessagesLive } from '../../features/messages/use-messages-live';
import { useNotificationsLive } from '../../features/notifications/use-notifications-live';
import { useCountInTitle } from '../../lib/use-count-in-title';
import { useSession } from '../../lib/session';
import { liveSocket } from '../../lib/use-live';

/**
 * The signed-in shell's listener for live events (messages, notifications, subscribers, balance, an admin's open reports, the title's unread count); renders
 * nothing. It lives as long as the session, so every page's header stays current.
 */
export function LiveUpdates() {
  const { me } = useSession();
  useMessagesLive();
  useNotificationsLive();
  useFollowersLive();
  useLiveBalance();
  useOpenReportsLive();
  // Last: its greeting and every event after it find the listeners above in place, and each
  // opening reads again the queries they keep (the member, its balance and counters with it).
  useEffect(() => liveSocket().open(), []);
  // The tab's title counts what waits unread: messages and notifications together.
  useCountInTitle(me ? me.unreadMessages + me.unreadNotifications : 0);
  return null;
}
