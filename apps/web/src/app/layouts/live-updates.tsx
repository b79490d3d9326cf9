import { useLiveBalance } from '../../features/money/api';
import { useMessagesLive } from '../../features/messages/use-messages-live';

/**
 * The signed-in shell's listener for live events (messages, unread count, balance); renders
 * nothing. It lives as long as the session, so every page's header stays current.
 */
export function LiveUpdates() {
  useMessagesLive();
  useLiveBalance();
  return null;
}
