import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@devplay/shared';
import { useEffect, useRef, useState } from 'react';
import { useMarkRead } from './api';
import { markCachedRead } from './notification-cache';

// API.md bounds the ids of one read call.
const MAX_IDS_PER_CALL = 100;

const isVisible = () => document.visibilityState === 'visible';

/**
 * Opening the list reads what it shows: unread groups on screen (a page loaded by scrolling, a
 * group that arrives live) are marked read on the server while the tab is looked at. On screen
 * they keep their "New" until the reader leaves, so this visit still tells what was new.
 */
export function useMarkShownRead(items: readonly Notification[]) {
  const queryClient = useQueryClient();
  const { mutate } = useMarkRead();
  const sent = useRef(new Set<number>());
  const [visible, setVisible] = useState(isVisible);

  useEffect(() => {
    const onChange = () => setVisible(isVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  useEffect(() => {
    if (!visible) return;
    const ids = items.filter((item) => !item.readAt && !sent.current.has(item.id)).map((i) => i.id);
    for (let start = 0; start < ids.length; start += MAX_IDS_PER_CALL) {
      const chunk = ids.slice(start, start + MAX_IDS_PER_CALL);
      chunk.forEach((id) => sent.current.add(id));
      // A failed call leaves them unread; the next change of the list tries them again.
      mutate(chunk, { onError: () => chunk.forEach((id) => sent.current.delete(id)) });
    }
  }, [items, visible, mutate]);

  useEffect(() => {
    const shown = sent.current;
    return () => markCachedRead(queryClient, new Date().toISOString(), shown);
  }, [queryClient]);
}
