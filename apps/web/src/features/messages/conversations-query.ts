import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { READ_AHEAD_FRESH_MS } from '../../lib/read-ahead';
import { useSession } from '../../lib/session';
import { messageKeys } from './message-keys';

// Apart from api.ts: the router and the header's link need these on every page, the rest of the
// messages' code only on theirs.
const conversationsQuery = {
  queryKey: messageKeys.conversations(),
  queryFn: () => api.call('listConversations'),
  // Read ahead by the route (prefetchConversations), not asked for again on mount; a message or
  // a read marks it stale meanwhile.
  staleTime: READ_AHEAD_FRESH_MS,
};

export function useConversations() {
  return useQuery(conversationsQuery);
}

/** Starts the list before its screen exists, beside the page's code. */
export const prefetchConversations = (queryClient: QueryClient) =>
  queryClient.prefetchQuery(conversationsQuery);

/** Kept live by `unread:count` events (see useMessagesLive), seeded by the profile. */
export function useUnreadCount(): number {
  return useSession().me?.unreadMessages ?? 0;
}
