import { useEffect, useRef } from 'react';

/**
 * A ref that always holds the last rendered `value`: a listener registered once calls the
 * caller's newest callback without being registered again.
 */
export function useLatest<T>(value: T) {
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  });
  return latest;
}
