import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept current as the window changes. Where the browser has no
 * `matchMedia` (jsdom), `fallback` is the answer.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const supported = typeof window.matchMedia === 'function';
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!supported) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query, supported],
  );
  return useSyncExternalStore(subscribe, () =>
    supported ? window.matchMedia(query).matches : fallback,
  );
}
