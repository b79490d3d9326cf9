import { useSearchParams } from 'react-router';
import { paths } from './paths';

/** The welcome screen's parameter naming the page a signed-out visitor asked for. */
const NEXT_PARAM = 'next';

const MAX_NEXT_LENGTH = 2048;
const PROBE_ORIGIN = 'https://devplay.invalid';

/**
 * The page to open after signing in, only when it is a path of this site: '//evil.com',
 * 'https://…', '/\evil.com' and anything with control characters are refused (an open redirect
 * would let a link send a member to another site straight after they typed their password).
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_NEXT_LENGTH) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(raw)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname === paths.welcome) return null;
  return url.pathname + url.search + url.hash;
}

/** Where a member lands after signing in: the page asked for before, or home. */
export function useLandingPath(): string {
  const [params] = useSearchParams();
  return safeNextPath(params.get(NEXT_PARAM)) ?? paths.home;
}

/** The welcome screen, remembering the page asked for so sign-in can return to it. */
export function welcomeWithNext(asked: string): string {
  const next = safeNextPath(asked);
  return next ? `${paths.welcome}?${new URLSearchParams({ [NEXT_PARAM]: next })}` : paths.welcome;
}
