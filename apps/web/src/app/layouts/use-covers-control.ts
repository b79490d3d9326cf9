import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

const CONTROL =
  'a[href], button, input, select, textarea, summary, label, [role="button"], [role="link"], [role="tab"], [role="switch"], [role="checkbox"]';
/** Taller controls (a whole card that is a link) can be tapped anywhere else. */
const MAX_CONTROL_HEIGHT_PX = 240;
const INSET_PX = 4;

/** Whether a control of the page lies under the floating element at any of five points. */
function coversControl(floating: HTMLElement): boolean {
  const rect = floating.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  const xs = [rect.left + INSET_PX, rect.left + rect.width / 2, rect.right - INSET_PX];
  const ys = [rect.top + INSET_PX, rect.top + rect.height / 2, rect.bottom - INSET_PX];
  const points = [
    [xs[1]!, ys[1]!],
    [xs[0]!, ys[0]!],
    [xs[2]!, ys[0]!],
    [xs[0]!, ys[2]!],
    [xs[2]!, ys[2]!],
  ] as const;
  return points.some(([x, y]) =>
    document.elementsFromPoint(x, y).some((element) => {
      if (floating.contains(element)) return false;
      const control = element.closest(CONTROL);
      return (
        control !== null &&
        !control.contains(floating) &&
        control.getBoundingClientRect().height <= MAX_CONTROL_HEIGHT_PX
      );
    }),
  );
}

/**
 * Whether the fixed element sits over one of the page's controls, checked as the page scrolls
 * or resizes (and when it appears). The element is to be hidden with `visibility: hidden`, which
 * keeps its box to measure while taking it out of hit testing, focus and the accessibility tree.
 */
export function useCoversControl(ref: RefObject<HTMLElement | null>, shown: boolean): boolean {
  const [covers, setCovers] = useState(false);

  useLayoutEffect(() => {
    if (shown && ref.current) setCovers(coversControl(ref.current));
  }, [ref, shown]);

  useEffect(() => {
    if (!shown) return;
    const check = () => {
      if (ref.current) setCovers(coversControl(ref.current));
    };
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [ref, shown]);

  return shown && covers;
}
