import { startTransition, useEffect, useState } from 'react';

/** Long enough for the first page's paint on a slow phone, short enough not to be noticed. */
const IDLE_TIMEOUT_MS = 1000;

let idle = false;
let scheduled = false;
const waiting = new Set<() => void>();

function markIdle() {
  idle = true;
  for (const callback of waiting) callback();
  waiting.clear();
}

/** Calls `callback` at the visit's first idle moment; returns how to stop waiting for it. */
function whenFirstIdle(callback: () => void) {
  // A component drawn before that moment may run its effect after it.
  if (idle) {
    callback();
    return () => {};
  }
  waiting.add(callback);
  if (!scheduled) {
    scheduled = true;
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(markIdle, { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(markIdle, 0);
  }
  return () => {
    waiting.delete(callback);
  };
}

/**
 * False until the browser has had its first idle moment after start-up, then true for the rest
 * of the visit. What is not the page's main content (widgets, the live socket) waits for it, so
 * its requests and renders do not delay the first paint of the feed; the render it
 * starts is a transition, in slices that leave the page responsive.
 */
export function useAfterFirstIdle(): boolean {
  const [afterFirstIdle, setAfterFirstIdle] = useState(idle);
  useEffect(() => {
    if (afterFirstIdle) return;
    return whenFirstIdle(() => startTransition(() => setAfterFirstIdle(true)));
  }, [afterFirstIdle]);
  return afterFirstIdle;
}
