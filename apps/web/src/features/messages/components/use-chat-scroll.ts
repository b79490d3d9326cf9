import { useLayoutEffect, useRef, useState } from 'react';
import type { ChatItem } from '../chat-items';

/** Within this distance of the end the reader counts as "at the bottom", following new messages. */
const NEAR_BOTTOM_PX = 64;

interface Snapshot {
  first: string | undefined;
  last: string | undefined;
  height: number;
  top: number;
}

const isNearBottom = (height: number, top: number, viewport: number) =>
  height - top - viewport <= NEAR_BOTTOM_PX;

/**
 * The chat's scroll rules: it opens at the newest message; older pages added above keep what
 * the reader looks at in place; a new message scrolls into view only for a reader already at
 * the bottom (or who sent it) — anyone else gets a "New messages" pill instead.
 */
export function useChatScroll(items: readonly ChatItem[]) {
  const containerRef = useRef<HTMLDivElement>(null);
  const snapshot = useRef<Snapshot | null>(null);
  const [atBottom, setAtBottom] = useState(true);
  const [seenUpTo, setSeenUpTo] = useState<string | null>(null);

  const first = items[0]?.key;
  const newest = items.at(-1);
  const last = newest?.key;
  const lastOwn = newest?.own ?? false;

  useLayoutEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const before = snapshot.current;
    if (!before?.last) {
      element.scrollTop = element.scrollHeight;
    } else if (first !== before.first && last === before.last) {
      // Older messages went in above: shift by exactly their height, so nothing seems to move.
      element.scrollTop = before.top + (element.scrollHeight - before.height);
    } else if (last !== before.last) {
      if (lastOwn || isNearBottom(before.height, before.top, element.clientHeight)) {
        element.scrollTop = element.scrollHeight;
      }
    }
    snapshot.current = { first, last, height: element.scrollHeight, top: element.scrollTop };
  }, [first, last, lastOwn]);

  const onScroll = () => {
    const element = containerRef.current;
    if (!element) return;
    if (snapshot.current) {
      snapshot.current = {
        ...snapshot.current,
        height: element.scrollHeight,
        top: element.scrollTop,
      };
    }
    const bottom = isNearBottom(element.scrollHeight, element.scrollTop, element.clientHeight);
    setAtBottom(bottom);
    // The chat opened at its newest message, so whatever was there first counts as seen.
    if (newest) setSeenUpTo((seen) => (bottom || seen === null ? newest.createdAt : seen));
  };

  const scrollToBottom = () => {
    const element = containerRef.current;
    if (!element) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    element.scrollTo({ top: element.scrollHeight, behavior: reduce ? 'auto' : 'smooth' });
  };

  const hasUnseen =
    !atBottom && newest !== undefined && !newest.own && newest.createdAt > (seenUpTo ?? '');

  return { containerRef, onScroll, scrollToBottom, hasUnseen };
}
