import { shownAddress } from './shown-address';

/**
 * http(s) addresses in a text: the scheme, then anything up to a space or a character that never
 * belongs to an address written in prose (quotes and angle brackets).
 */
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Punctuation that ends a sentence more often than an address. */
const TRAILING = /[.,;:!?]+$/;

/** A closing bracket belongs to the address only when the address opened one. */
function trimUrl(candidate: string): string {
  let url = candidate.replace(TRAILING, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    while (url.endsWith(close) && url.split(close).length > url.split(open).length) {
      url = url.slice(0, -1).replace(TRAILING, '');
    }
  }
  return url;
}

/**
 * Parts of a text: plain strings, and the http(s) addresses found in it, each shown as a member
 * should read it (a look-alike domain in punycode, shown-address.ts).
 */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let from = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    if (!URL.canParse(url)) continue;
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ text: shownAddress(url), href: url });
    from = match.index + url.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
