import { useSearchParams } from 'react-router';
import { paths } from './paths';

/** The welcome screen's parameter naming the page a signed-out visitor asked for. */
const NEXT_PARAM = 'next';

const MAX_NEXT_LENGTH = 2048;

/**
 * The page to open after signing in, only when it is a path of this site: '//evil.com',
 * 'https://…', '/\evil.com' and anything with control characters are refused (an open redirect
 * would let a link send a member to another site straight after they typed their password).
 * The verdict is on the path the router will open, its dot segments resolved: '/.//evil.com',
 * '/%2e//evil.com' and '/a/..//evil.com' all come out as '//evil.com', another site.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > MAX_NEXT_LENGTH) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!raw.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  const origin = window.location.origin;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  const path = url.pathname + url.search + url.hash;
  if (url.origin !== origin || path.startsWith('//') || url.pathname === paths.welcome) {
    return null;
  }
  return path;
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
