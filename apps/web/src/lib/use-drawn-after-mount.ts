import { startTransition, useEffect, useState } from 'react';

/**
 * False in the commit that mounts the screen, true in a pausable render right after it: a part
 * below the fold (a form, a side list) is then drawn in a commit of its own, so the part above it
 * reaches the screen sooner and neither commit is a long task on a slow phone. Unlike
 * useDeferredValue's initial value, it also splits a screen that mounts inside a deferred render.
 */
export function useDrawnAfterMount(): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => startTransition(() => setDrawn(true)), []);
  return drawn;
}
