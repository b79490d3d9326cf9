import { useEffect, useRef } from 'react';

/**
 * A ref for a title that takes the focus when a panel closes: the panel takes the focused
 * control with it, and keyboard and screen-reader users go on from the title.
 */
export function useFocusAfterPanel<T extends HTMLElement>(panelOpen: boolean) {
  const ref = useRef<T>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (panelOpen) wasOpen.current = true;
    else if (wasOpen.current) ref.current?.focus();
  }, [panelOpen]);
  return ref;
}
