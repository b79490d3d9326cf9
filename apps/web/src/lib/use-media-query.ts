import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { PHONE_MEDIA } from './breakpoints';

/**
 * Whether a media query matches, kept current as the window changes. Where the browser has no
 * `matchMedia` (jsdom), `fallback` is the answer.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const list = useMemo(
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null),
    [query],
  );
  const subscribe = useCallback(
    (onChange: () => void) => {
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(subscribe, () => list?.matches ?? fallback);
}

/** Whether the window has the one-column phone layout (lib/breakpoints.ts). */
export const useIsPhone = () => useMediaQuery(PHONE_MEDIA);
