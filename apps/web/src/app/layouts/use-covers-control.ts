import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Everything a tap or a click acts on, of any size: a frame (a video player's full-screen
 * control sits in its corner), an image button as tall as the screen, a card that is a link.
 * `tabindex="-1"` is left out: it marks what the code focuses (the page's main element), not a
 * control.
 */
const CONTROL = [
  'a[href]',
  'area[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  'label',
  'iframe',
  'video',
  'audio[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="switch"]',
  '[role="checkbox"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** Whether any control of the page (not one holding the floating element) meets its box. */
function coversControl(floating: HTMLElement): boolean {
  const box = floating.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  for (const control of document.querySelectorAll(CONTROL)) {
    if (floating.contains(control) || control.contains(floating)) continue;
    const rect = control.getBoundingClientRect();
    if (
      rect.left < box.right &&
      rect.right > box.left &&
      rect.top < box.bottom &&
      rect.bottom > box.top
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Whether the fixed element sits over one of the page's controls, checked when it appears, as
 * the page scrolls or resizes, and as the page's content changes size without a scroll (images
 * and frames loading, a next page of posts). The element is to be hidden with
 * `visibility: hidden`, which keeps its box to measure while taking it out of hit testing,
 * focus and the accessibility tree.
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
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      observer?.disconnect();
    };
  }, [ref, shown]);

  return shown && covers;
}
