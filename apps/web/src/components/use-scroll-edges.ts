import { useEffect, type RefObject } from 'react';

type Axis = 'x' | 'y';

/** Which ends of a scroller have more behind them: 'start', 'end', 'both' or none. */
export function markEdges(scroller: HTMLElement, axis: Axis = 'x') {
  const [scrolled, shown, whole] =
    axis === 'x'
      ? [scroller.scrollLeft, scroller.clientWidth, scroller.scrollWidth]
      : [scroller.scrollTop, scroller.clientHeight, scroller.scrollHeight];
  const hiddenStart = scrolled > 1;
  const hiddenEnd = scrolled + shown < whole - 1;
  const more = hiddenStart && hiddenEnd ? 'both' : hiddenStart ? 'start' : hiddenEnd ? 'end' : '';
  if (more) scroller.dataset.more = more;
  else delete scroller.dataset.more;
}

/**
 * Keeps `data-more` on a scroller (sideways, or with `axis` 'y' downwards) as it scrolls and
 * resizes, so its CSS can fade the end that has more behind it and show that it continues.
 */
export function useScrollEdges(scrollerRef: RefObject<HTMLElement | null>, axis: Axis = 'x') {
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const update = () => markEdges(scroller, axis);
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    if (typeof ResizeObserver === 'undefined') {
      return () => scroller.removeEventListener('scroll', update);
    }
    // The box, and what is inside it: a picture that loads or an error that appears changes
    // how much there is to scroll without changing the box.
    const sizes = new ResizeObserver(update);
    const observeAll = () => {
      sizes.observe(scroller);
      for (const child of scroller.children) sizes.observe(child);
    };
    observeAll();
    const children = new MutationObserver(() => {
      observeAll();
      update();
    });
    children.observe(scroller, { childList: true });
    return () => {
      scroller.removeEventListener('scroll', update);
      sizes.disconnect();
      children.disconnect();
    };
  }, [scrollerRef, axis]);
}
