import { useCallback, useEffect, useState, type FocusEvent } from 'react';

/** Whether the page is out of sight (another tab, a minimised window). */
function usePageHidden() {
  const [hidden, setHidden] = useState(() => document.visibilityState === 'hidden');
  useEffect(() => {
    const update = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return hidden;
}

/**
 * SPEC §4: the carousel advances every `intervalMs`. It waits while the reader points at it or
 * has focus inside it, and while the page is hidden; a step by hand starts the wait afresh.
 */
export function useCarousel(count: number, intervalMs: number) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const hidden = usePageHidden();
  const paused = hovered || focused || hidden;
  // A shorter list (a reload) never leaves the position past its end.
  const current = count === 0 ? 0 : Math.min(index, count - 1);

  const next = useCallback(() => setIndex((at) => (count === 0 ? 0 : (at + 1) % count)), [count]);
  const previous = useCallback(
    () => setIndex((at) => (count === 0 ? 0 : (Math.min(at, count - 1) - 1 + count) % count)),
    [count],
  );

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(next, intervalMs);
    return () => window.clearTimeout(timer);
  }, [paused, count, intervalMs, next, current]);

  return {
    index: current,
    paused,
    next,
    previous,
    /** Spread on the carousel's root. */
    rootProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
    },
  };
}
