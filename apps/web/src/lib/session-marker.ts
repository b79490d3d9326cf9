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

let markedAtStart: boolean | undefined;

/**
 * The marker as the page found it on loading, for the start-up's decisions (the refresh, the
 * frame drawn meanwhile). Read once: each read of document.cookie is a synchronous trip to the
 * browser's cookie store, several milliseconds of a phone's first render.
 */
export function sessionMarkedAtStart(): boolean {
  markedAtStart ??= hasSessionMarker();
  return markedAtStart;
}
