import { SESSION_MARKER_COOKIE } from '@devplay/shared';

/**
 * Whether the server's readable marker cookie says a refresh cookie may exist. It proves nothing
 * (the refresh decides); its absence means there is no session to restore, so a visitor's page
 * never sends a refresh that can only answer 401.
 */
export function hasSessionMarker(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((pair) => {
    const [name, value] = pair.trim().split('=');
    return name === SESSION_MARKER_COOKIE && Boolean(value);
  });
}
