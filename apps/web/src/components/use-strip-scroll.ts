import { useEffect, useLayoutEffect, type RefObject } from 'react';

/** Room left beside the selected tab, so its neighbour shows there is more. */
const PEEK_PX = 24;

/** Which ends of a horizontal strip have more behind them: 'start', 'end', 'both' or none. */
function markEdges(strip: HTMLElement) {
  const hiddenStart = strip.scrollLeft > 1;
  const hiddenEnd = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
  const more = hiddenStart && hiddenEnd ? 'both' : hiddenStart ? 'start' : hiddenEnd ? 'end' : '';
  if (more) strip.dataset.more = more;
  else delete strip.dataset.more;
}

/**
 * A strip wider than its box (tabs on a phone): the selected item is scrolled into view, and
 * `data-more` tells the CSS which end to fade so the strip shows it continues. The item must be
 * laid out against the strip (the strip is its offsetParent).
 */
export function useStripScroll(stripRef: RefObject<HTMLElement | null>, selector: string) {
  useLayoutEffect(() => {
    const strip = stripRef.current;
    const item = strip?.querySelector<HTMLElement>(selector);
    if (!strip || !item) return;
    const start = item.offsetLeft;
    const end = start + item.offsetWidth;
    if (start < strip.scrollLeft) strip.scrollLeft = Math.max(0, start - PEEK_PX);
    else if (end > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = end - strip.clientWidth + PEEK_PX;
    }
    markEdges(strip);
  });

  useEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const update = () => markEdges(strip);
    strip.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(strip);
    return () => {
      strip.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [stripRef]);
}
