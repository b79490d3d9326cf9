import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown in whole seconds that ticks once a second from `start()`. The end time is kept,
 * not the remaining count, so a slow or throttled tab still ends on time.
 */
export function useCooldown(durationMs: number) {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  /** Starts the full wait, or what is left of one the server already counts. */
  const start = useCallback(
    (waitMs: number = durationMs) => {
      const current = Date.now();
      setNow(current);
      setUntil(current + waitMs);
    },
    [durationMs],
  );

  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  return { secondsLeft, start };
}
