import { useMessagesLive } from '../../features/messages/use-messages-live';

/** The signed-in shell's listener for live events; renders nothing. */
export function LiveUpdates() {
  useMessagesLive();
  return null;
}
