import { ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { SCROLL_TOP_THRESHOLD_PX } from '@devplay/shared';
import { useCoversControl } from './use-covers-control';
import styles from './scroll-to-top.module.css';

/**
 * After focus leaves a field the button waits this long before coming back, so a tap on a Send
 * button beside the field (which blurs it first) cannot land on the button appearing over it.
 */
export const SCROLL_TOP_RETURN_DELAY_MS = 400;

/**
 * Read in scroll events only, where the layout is already fresh: read while rendering, scrollY
 * forced the browser to lay out the half-built page once per render (a profile of home showed it).
 */
function usePastThreshold() {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return past;
}

const isEditing = () => {
  const active = document.activeElement;
  return (
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    (active instanceof HTMLInputElement &&
      !['button', 'submit', 'checkbox', 'radio'].includes(active.type)) ||
    (active instanceof HTMLElement && active.isContentEditable)
  );
};

/** Whether the member is typing: a comment or a message is on its way, with its Send button. */
function useEditing() {
  const [editing, setEditing] = useState(isEditing);
  useEffect(() => {
    let timer: number | undefined;
    const onFocusIn = () => {
      window.clearTimeout(timer);
      setEditing(isEditing());
    };
    const onFocusOut = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setEditing(isEditing()), SCROLL_TOP_RETURN_DELAY_MS);
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return editing;
}

/**
 * SPEC §2: past 300 px of scrolling a button leads back up. It never covers a control: it steps
 * aside while a field has the focus (its Send button is near) and while any control of the page,
 * of any size, meets its box (a Subscribe button, a video frame's corner, an image button).
 */
export function ScrollToTop() {
  const past = usePastThreshold();
  const editing = useEditing();
  const ref = useRef<HTMLButtonElement>(null);
  const shown = past && !editing;
  const covering = useCoversControl(ref, shown);
  if (!shown) return null;

  const scrollUp = () => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
  };

  return (
    <button
      ref={ref}
      type="button"
      className={styles.button}
      data-covering={covering || undefined}
      onClick={scrollUp}
      aria-label="Scroll to top"
    >
      <ArrowUp size={20} aria-hidden />
    </button>
  );
}
