import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Conversation } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { getErrorMessage } from '../../lib/error-message';
import { getCachedMe } from '../../lib/session';
import {
  dropOutgoing,
  insertMessage,
  putOutgoing,
  removeConversation,
  removeMessage,
  setUnreadCount,
  type OutgoingMessage,
} from './message-cache';
import { messageKeys } from './message-keys';

export { messageKeys } from './message-keys';

const CHAT_PAGE_SIZE = 30;

function fetchChatPage(
  peerId: number,
  cursor: string | null,
  { limit = CHAT_PAGE_SIZE, signal }: { limit?: number; signal?: AbortSignal } = {},
) {
  return api.call('readChat', {
    params: { id: peerId },
    query: { cursor: cursor ?? undefined, limit },
    signal,
  });
}

/** Asks the server for the count again; a failure keeps the last known one until the next event. */
export async function refreshUnreadCount(queryClient: QueryClient): Promise<void> {
  try {
    const { count } = await queryClient.fetchQuery({
      queryKey: messageKeys.unread(),
      queryFn: () => api.call('countUnreadMessages'),
      staleTime: 0,
    });
    setUnreadCount(queryClient, count);
  } catch {
    // Background refresh only: the socket or the next focus brings the number back.
  }
}

/**
 * Reading a chat marks the peer's messages read on the server. The list is refetched rather than
 * patched: a refetch started before the read would otherwise bring the old unread number back.
 */
function afterChatRead(queryClient: QueryClient, peerId: number) {
  queryClient.setQueryData<Conversation[]>(messageKeys.conversations(), (list) =>
    list?.map((entry) => (entry.userId === peerId ? { ...entry, unread: 0 } : entry)),
  );
  void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
  if ((getCachedMe(queryClient)?.unreadMessages ?? 0) > 0) {
    void refreshUnreadCount(queryClient);
  }
}

/** Marks what the peer sent read, without touching the cached pages (a one-message read). */
export async function markChatRead(queryClient: QueryClient, peerId: number) {
  await fetchChatPage(peerId, null, { limit: 1 });
  afterChatRead(queryClient, peerId);
}

export function useChat(peerId: number) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: messageKeys.chat(peerId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchChatPage(peerId, pageParam, { signal });
      if (pageParam === null) afterChatRead(queryClient, peerId);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: peerId > 0,
  });
}

/** Unsent and refused messages of one chat, shown after the server's. */
export function useOutbox(peerId: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.outbox(peerId),
    // Never fetched for real: the cache is the store, and a stray refetch must keep it intact.
    queryFn: () => queryClient.getQueryData<OutgoingMessage[]>(messageKeys.outbox(peerId)) ?? [],
    initialData: [] as OutgoingMessage[],
    staleTime: Infinity,
    gcTime: Infinity,
  }).data;
}

let tempIds = 0;

/** Optimistic sending: the bubble shows at once, is replaced by the stored message, or offers a retry. */
export function useSendMessage(peerId: number) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (item: OutgoingMessage) =>
      api.call('sendMessage', { body: { receiverId: item.receiverId, text: item.text } }),
    onMutate: (item) => putOutgoing(queryClient, { ...item, status: 'sending', error: undefined }),
    onSuccess: (message, item) => {
      dropOutgoing(queryClient, item.receiverId, item.clientId);
      insertMessage(queryClient, item.receiverId, message);
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
    onError: (error, item) =>
      putOutgoing(queryClient, { ...item, status: 'failed', error: getErrorMessage(error) }),
  });
  return {
    send: (text: string) =>
      mutation.mutate({
        clientId: `tmp-${++tempIds}`,
        receiverId: peerId,
        text,
        createdAt: new Date().toISOString(),
        status: 'sending',
      }),
    retry: (item: OutgoingMessage) => mutation.mutate(item),
    discard: (item: OutgoingMessage) => dropOutgoing(queryClient, item.receiverId, item.clientId),
  };
}

export function useDeleteMessage(peerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => api.call('deleteMessage', { params: { id: messageId } }),
    onSuccess: (_answer, messageId) => {
      removeMessage(queryClient, peerId, messageId);
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
    },
  });
}

/** Hides the conversation for the caller only (SPEC §6); it returns with the next message. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (peerId: number) => api.call('hideConversation', { params: { userId: peerId } }),
    onSuccess: (_answer, peerId) => {
      removeConversation(queryClient, peerId);
      queryClient.removeQueries({ queryKey: messageKeys.chat(peerId) });
      // Hiding also marks its messages read.
      void refreshUnreadCount(queryClient);
    },
  });
}
