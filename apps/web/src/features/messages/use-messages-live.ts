import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@devplay/shared';
import { useCallback, useEffect, useRef } from 'react';
import { KEEPS_NO_QUERY } from '../../lib/live-queries';
import { liveSocket, useLiveEvents } from '../../lib/use-live';
import { getCachedMe } from '../../lib/session';
import { markChatRead, refreshUnreadCount } from './api';
import {
  insertMessage,
  markSeen,
  peerOf,
  removeMessage,
  setUnreadCount,
  settleOutgoing,
} from './message-cache';
import { messageKeys } from './message-keys';

function applyLiveEvent(queryClient: QueryClient, event: LiveEvent) {
  if (event.type === 'unread:count') return setUnreadCount(queryClient, event.data.count);
  if (event.type === 'messages:read') return markSeen(queryClient, event.data.readerId, event.data);
  if (event.type !== 'message:new' && event.type !== 'message:deleted') return;
  const me = getCachedMe(queryClient);
  if (!me) return;
  const peerId = peerOf(event.data, me.id);
  if (event.type === 'message:new') {
    insertMessage(queryClient, peerId, event.data);
    if (event.data.senderId === me.id) settleOutgoing(queryClient, event.data);
  } else {
    removeMessage(queryClient, peerId, event.data.id);
  }
  // The list's last message, time, unread number and order all may have changed.
  void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
}

/**
 * The lists a message may be missing from while the socket is not open; only screens on show
 * refetch at once. The unread count is not among them: the socket's greeting brings it.
 */
const chatLists = [messageKeys.conversations(), messageKeys.chats()] as const;

/** With the socket down, no greeting comes: the count is asked for too. */
function resyncMessages(queryClient: QueryClient) {
  for (const queryKey of chatLists) void queryClient.invalidateQueries({ queryKey });
  void refreshUnreadCount(queryClient);
}

/**
 * Keeps every messages cache live from the tab's one socket. Mounted once, in the signed-in
 * shell. While the socket is down, coming back to the tab refetches instead.
 */
export function useMessagesLive() {
  const queryClient = useQueryClient();
  useLiveEvents(chatLists, (event) => applyLiveEvent(queryClient, event));
  useEffect(() => {
    const onReturn = () => {
      if (document.visibilityState === 'visible' && liveSocket().status !== 'open') {
        resyncMessages(queryClient);
      }
    };
    // A tab switch shows as visibility, a switch between windows only as focus.
    window.addEventListener('focus', onReturn);
    document.addEventListener('visibilitychange', onReturn);
    return () => {
      window.removeEventListener('focus', onReturn);
      document.removeEventListener('visibilitychange', onReturn);
    };
  }, [queryClient]);
}

/**
 * While a chat is open, what the peer sends is read at once, so the badge does not count it.
 * A message that lands in a hidden tab waits until the tab is seen again.
 */
export function useReadWhileOpen(peerId: number) {
  const queryClient = useQueryClient();
  const waiting = useRef(false);

  const markRead = useCallback(() => {
    waiting.current = false;
    markChatRead(queryClient, peerId).catch(() => {
      // The next open or resync of this chat marks it read anyway.
    });
  }, [queryClient, peerId]);

  // It acts on messages (reads them); the chat's query is useMessagesLive's to keep.
  useLiveEvents(KEEPS_NO_QUERY, (event) => {
    if (event.type !== 'message:new' || event.data.senderId !== peerId) return;
    if (document.visibilityState === 'visible') markRead();
    else waiting.current = true;
  });

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && waiting.current) markRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);
}
