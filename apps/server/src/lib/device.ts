import { SESSION_MESSAGES } from '@devplay/shared';
import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import { isIPv4, isIPv6 } from 'node:net';

/** The browser a request came from, as the member's list of devices shows it. */
export type Device = { userAgent: string; ip: string };

export const deviceOf = (request: FastifyRequest): Device => ({
  userAgent: request.headers['user-agent'] ?? '',
  ip: request.ip,
});

/** "Firefox 133" on "Windows 10", as far as the User-Agent tells. */
export function describeBrowser(userAgent: string) {
  if (!userAgent)
    return { browser: SESSION_MESSAGES.unknownBrowser, os: SESSION_MESSAGES.unknownSystem };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = [parsed.browser.name, major].filter(Boolean).join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return {
    browser: browser || SESSION_MESSAGES.unknownBrowser,
    os: os || SESSION_MESSAGES.unknownSystem,
  };
}

/** A browser as the new-browser alert tells them apart: its name and system, not versions. */
export function browserFamily(userAgent: string) {
  const parsed = Bowser.parse(userAgent);
  return `${parsed.browser.name ?? '?'} on ${parsed.os.name ?? '?'}`;
}

/** The eight groups of an IPv6 address, `::` filled in. */
function ipv6Groups(ip: string) {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
}

/**
 * Enough of the address for a member to tell home from abroad, not enough to locate them: the
 * last byte of IPv4 (a.b.c.x), the interface part of IPv6 and more (the first 48 bits).
 */
export function maskAddress(ip: string) {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIPv4(v4)) return `${v4.split('.').slice(0, 3).join('.')}.x`;
  if (isIPv6(ip)) return `${ipv6Groups(ip).slice(0, 3).join(':')}:x`;
  return 'x';
}
