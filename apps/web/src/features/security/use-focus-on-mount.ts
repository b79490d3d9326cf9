import { useEffect, useRef } from 'react';

/**
 * A ref whose element takes focus once it appears: a panel's title as the panel replaces the
 * button that opened it, so keyboard and screen-reader users start reading there.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
