import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Long enough for a lazy page and its cached lists to draw, short enough not to fight a reader. */
const RESTORE_FOR_MS = 3000;
const KEPT_ENTRIES = 100;
const TOLERANCE_PX = 2;
const positions = new Map<string, number>();
/** The reader taking over. */
const GIVE_UP_ON = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function remember(key: string, y: number) {
  positions.delete(key);
  positions.set(key, y);
  if (positions.size > KEPT_ENTRIES) positions.delete(positions.keys().next().value!);
}

/**
 * Back (and Forward) to a list returns to where the reader was. React Router's
 * ScrollRestoration tries once, as the page mounts; a feed draws its cached pages a little later
 * (lazy chunk, deferred rendering), so the page is still too short then and the position is lost.
 * This keeps trying for a moment, until the page is tall enough, and gives up the moment the
 * reader scrolls, taps or types.
 */
export function useBackScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const keyRef = useRef(location.key);

  useEffect(() => {
    const onScroll = () => remember(keyRef.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // In the commit itself: the scroll events the new page causes belong to it, and the saved
  // position is read before any of them can overwrite it.
  useLayoutEffect(() => {
    keyRef.current = location.key;
    const target = positions.get(location.key);
    if (navigationType !== 'POP' || !target) return;
    const deadline = performance.now() + RESTORE_FOR_MS;
    let frame = 0;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of GIVE_UP_ON) window.removeEventListener(type, stop);
    };
    // Held there until the deadline: pictures and deferred posts may still grow the page.
    const hold = () => {
      if (Math.abs(window.scrollY - target) > TOLERANCE_PX) window.scrollTo(0, target);
      if (performance.now() > deadline) stop();
      else frame = requestAnimationFrame(hold);
    };
    for (const type of GIVE_UP_ON) window.addEventListener(type, stop, { passive: true });
    hold();
    return stop;
  }, [location.key, navigationType]);
}
