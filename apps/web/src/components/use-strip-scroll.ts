import { useLayoutEffect, type RefObject } from 'react';
import { markEdges, useScrollEdges } from './use-scroll-edges';

/** Room left beside the selected tab, so its neighbour shows there is more. */
const PEEK_PX = 24;

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

  useScrollEdges(stripRef);
}
