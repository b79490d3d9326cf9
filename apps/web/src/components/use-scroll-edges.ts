import { useEffect, type RefObject } from 'react';

/** Which ends of a sideways scroller have more behind them: 'start', 'end', 'both' or none. */
export function markEdges(scroller: HTMLElement) {
  const hiddenStart = scroller.scrollLeft > 1;
  const hiddenEnd = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
  const more = hiddenStart && hiddenEnd ? 'both' : hiddenStart ? 'start' : hiddenEnd ? 'end' : '';
  if (more) scroller.dataset.more = more;
  else delete scroller.dataset.more;
}

/**
 * Keeps `data-more` on a sideways scroller as it scrolls and resizes, so its CSS can fade the
 * end that has more behind it and show that it continues.
 */
export function useScrollEdges(scrollerRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const update = () => markEdges(scroller);
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [scrollerRef]);
}
