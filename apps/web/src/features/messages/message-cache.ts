import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Conversation, Message, Page } from '@devplay/shared';
import { updateMe } from '../../lib/session';
import { compareIso } from '../../lib/compare-iso';
import { messageKeys } from './message-keys';

/** Pages as the server sends them: the newest page first, each page newest first. */
type ChatData = InfiniteData<Page<Message>, string | null>;

/** A message on its way to the server, or one it refused; kept apart from the server's pages. */
export interface OutgoingMessage {
  clientId: string;
  receiverId: number;
  text: string;
  createdAt: string;
  status: 'sending' | 'failed';
  error?: string;
}

/** The chat in reading order, oldest to newest, each id once (a live event and a refetch may both bring it). */
export function chatMessages(data: Pick<ChatData, 'pages'> | undefined): Message[] {
  const byId = new Map<number, Message>();
  for (const page of data?.pages ?? []) {
    for (const message of page.items) if (!byId.has(message.id)) byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => compareIso(a.createdAt, b.createdAt) || a.id - b.id);
}

/**
 * Edits a cached chat. A fetch already under way may have been answered before this change was
 * committed and would overwrite it on arrival, so that fetch is restarted instead of trusted.
 */
function patchChat(queryClient: QueryClient, peerId: number, edit: (data: ChatData) => ChatData) {
  const key = messageKeys.chat(peerId);
  queryClient.setQueryData<ChatData>(key, (data) => (data ? edit(data) : data));
  if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

export function insertMessage(queryClient: QueryClient, peerId: number, message: Message) {
  patchChat(queryClient, peerId, (data) => {
    if (data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    return { ...data, pages: [{ ...newest, items: [message, ...newest.items] }, ...older] };
  });
}

export function removeMessage(queryClient: QueryClient, peerId: number, messageId: number) {
  patchChat(queryClient, peerId, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.filter((item) => item.id !== messageId),
    })),
  }));
}

/** The peer has read `meId`'s messages up to `upToId`, at `readAt`. */
export function markSeen(
  queryClient: QueryClient,
  peerId: number,
  { upToId, readAt }: { upToId: number; readAt: string },
) {
  patchChat(queryClient, peerId, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) =>
        item.receiverId === peerId && item.id <= upToId && !item.readAt
          ? { ...item, readAt }
          : item,
      ),
    })),
  }));
}

/** The other member of a message's conversation, seen from `meId`. */
export const peerOf = (message: Pick<Message, 'senderId' | 'receiverId'>, meId: number) =>
  message.senderId === meId ? message.receiverId : message.senderId;

/** The unread count lives in the session's profile, so every badge reads one number. */
export function setUnreadCount(queryClient: QueryClient, count: number) {
  updateMe(queryClient, (me) =>
    me.unreadMessages === count ? me : { ...me, unreadMessages: count },
  );
}

export function removeConversation(queryClient: QueryClient, peerId: number) {
  queryClient.setQueryData<Conversation[]>(messageKeys.conversations(), (list) =>
    list?.filter((entry) => entry.userId !== peerId),
  );
}

const getOutbox = (queryClient: QueryClient, peerId: number) =>
  queryClient.getQueryData<OutgoingMessage[]>(messageKeys.outbox(peerId)) ?? [];

const setOutbox = (
  queryClient: QueryClient,
  peerId: number,
  edit: (items: OutgoingMessage[]) => OutgoingMessage[],
) => queryClient.setQueryData(messageKeys.outbox(peerId), edit(getOutbox(queryClient, peerId)));

export function putOutgoing(queryClient: QueryClient, item: OutgoingMessage) {
  setOutbox(queryClient, item.receiverId, (items) =>
    items.some((entry) => entry.clientId === item.clientId)
      ? items.map((entry) => (entry.clientId === item.clientId ? item : entry))
      : [...items, item],
  );
}

export function dropOutgoing(queryClient: QueryClient, peerId: number, clientId: string) {
  setOutbox(queryClient, peerId, (items) => items.filter((entry) => entry.clientId !== clientId));
}

/**
 * The sender's own `message:new` can overtake the answer to its POST; the optimistic copy it
 * stands for then leaves at once rather than showing the text twice until the answer lands.
 */
export function settleOutgoing(queryClient: QueryClient, message: Message) {
  const match = getOutbox(queryClient, message.receiverId).find(
    (entry) => entry.status === 'sending' && entry.text === message.text,
  );
  if (match) dropOutgoing(queryClient, message.receiverId, match.clientId);
}
