import type { Config } from '../config';

export type OriginPolicy = Pick<Config, 'env' | 'publicUrl' | 'publicUrlSet'>;

function parse(url: string) {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Which pages may open the live socket. Browsers always send Origin there, and a page on another
 * site must not ride a member's session; clients that are not browsers send none and prove who
 * they are with the auth frame alone.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  policy: OriginPolicy,
): boolean {
  if (origin === undefined) return true;
  const page = parse(origin);
  if (!page) return false;
  // The Vite dev server proxies the socket from its own port.
  if (policy.env === 'development' && page.protocol === 'http:' && page.hostname === 'localhost')
    return true;
  if (policy.publicUrlSet) return page.origin === new URL(policy.publicUrl).origin;
  // Without PUBLIC_URL the app lives wherever the member opened it: 127.0.0.1, a LAN address.
  // The Host header goes through URL too, so `example.com:80` and `example.com` compare equal.
  const server = host === undefined ? null : parse(`${page.protocol}//${host}`);
  return server !== null && page.host === server.host;
}
