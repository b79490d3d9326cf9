import { useQueryClient } from '@tanstack/react-query';
import { KEEPS_NO_QUERY } from '../../lib/live-queries';
import { updateMe } from '../../lib/session';
import { useLiveEvents } from '../../lib/use-live';

/**
 * The member's own count of subscribers, live: the server says it whenever someone subscribes
 * or leaves. The member is read again when the socket opens (the notifications' listener keeps
 * it), which brings any count missed meanwhile.
 */
export function useFollowersLive() {
  const queryClient = useQueryClient();
  useLiveEvents(KEEPS_NO_QUERY, (event) => {
    if (event.type !== 'followers:count') return;
    updateMe(queryClient, (me) => ({ ...me, followersCount: event.data.count }));
  });
}
