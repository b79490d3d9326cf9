import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Once `done`, opens `path` after `delayMs` (SPEC §4: the success text stays readable first);
 * leaving the page earlier cancels it.
 */
export function useRedirectAfter(done: boolean, path: string, delayMs: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate(path, { replace: true }), delayMs);
    return () => window.clearTimeout(timer);
  }, [done, path, delayMs, navigate]);
}
