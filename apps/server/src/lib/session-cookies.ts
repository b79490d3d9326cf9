import { API_BASE, SESSION_MARKER_COOKIE } from '@devplay/shared';
import type { FastifyReply } from 'fastify';

export const REFRESH_COOKIE = 'refresh_token';

/** What the OpenAPI descriptions of the routes that set or clear the cookies say about them. */
export const SESSION_COOKIES_DOC = {
  set: `Sets the refresh cookie (httpOnly, \`SameSite=Strict\`, path \`${API_BASE}\`) and, with the same expiry, the readable \`${SESSION_MARKER_COOKIE}=1\` marker (path \`/\`), by which the page knows a session may exist.`,
  cleared: `Clears the refresh cookie and the \`${SESSION_MARKER_COOKIE}\` marker.`,
} as const;

/**
 * The refresh cookie (httpOnly, sent to the API only) and beside it, set and cleared together,
 * a marker the page can read (`dp_session=1`): without it the page knows nobody is signed in and
 * skips the start-up refresh, which would only answer 401. The marker grants nothing.
 */
export function sessionCookies(publicUrl: string) {
  // Over https (PUBLIC_URL) both cookies are Secure; plain http (local use) could not send them.
  const secure = publicUrl.startsWith('https:');
  const refresh = { path: API_BASE, httpOnly: true, sameSite: 'strict', secure } as const;
  const marker = { path: '/', httpOnly: false, sameSite: 'strict', secure } as const;
  return {
    set(reply: FastifyReply, token: string, expires: Date) {
      reply.setCookie(REFRESH_COOKIE, token, { ...refresh, expires });
      reply.setCookie(SESSION_MARKER_COOKIE, '1', { ...marker, expires });
    },
    clear(reply: FastifyReply) {
      reply.clearCookie(REFRESH_COOKIE, refresh);
      reply.clearCookie(SESSION_MARKER_COOKIE, marker);
    },
  };
}
