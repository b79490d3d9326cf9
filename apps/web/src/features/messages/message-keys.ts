import { QUERY_ROOTS } from '../../lib/query-roots';

/** Every server-backed messages query hangs under ['messages'], so one prefix reaches them all. */
export const messageKeys = {
  all: [QUERY_ROOTS.messages] as const,
  conversations: () => [...messageKeys.all, 'conversations'] as const,
  chats: () => [...messageKeys.all, 'chat'] as const,
  chat: (peerId: number) => [...messageKeys.chats(), peerId] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  /**
   * Unsent and refused messages live outside that prefix: a resync invalidates ['messages'],
   * and a draft that failed must survive it until its author retries or drops it.
   */
  outbox: (peerId: number) => ['messages-outbox', peerId] as const,
};
