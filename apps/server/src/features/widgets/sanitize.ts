import type { NewsItem } from '@devplay/shared';

const TITLE_MAX = 300;
/**
 * What of a raw title is read: the tag patterns below backtrack over the whole text for every
 * unclosed tag, which takes minutes for a megabyte of them. Far more than a title's markup needs.
 */
const RAW_TITLE_MAX = 4_000;
const URL_MAX = 2000;

/**
 * Plain text for a title: tags dropped (a feed may carry HTML, escaped or not, and the parser has
 * already decoded entities, so `&lt;b&gt;` arrives here as `<b>`), control characters and runs of
 * white space folded, bidirectional overrides and isolates dropped (they reorder what follows
 * them, so a title could show its words, or a link's, in an order its text does not hold). React
 * escapes what remains; no HTML from a feed reaches the page.
 */
export function plainText(text: string, max = TITLE_MAX) {
  const plain = text
    .slice(0, RAW_TITLE_MAX)
    .replace(/<!\[CDATA\[|\]\]>/g, '')
    // What a script or style element holds was never meant to be read.
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>?/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

/** The URL itself when it is absolute http(s), else null (javascript:, data:, relative, junk). */
export function webUrl(value: string | null | undefined, protocols = ['http:', 'https:']) {
  if (!value || value.length > URL_MAX) return null;
  try {
    const url = new URL(value.trim());
    return protocols.includes(url.protocol) && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * One news item as the page may show it, or null to drop it: a non-empty plain-text title and an
 * http(s) link, and an image only over https (the page's CSP allows `img-src https:`; an http
 * image would be mixed content anyway).
 */
export function cleanNewsItem(raw: {
  title: string | null | undefined;
  link: string | null | undefined;
  image: string | null | undefined;
}): NewsItem | null {
  const title = raw.title ? plainText(raw.title) : '';
  const link = webUrl(raw.link);
  if (!title || !link) return null;
  return { title, link, image_url: webUrl(raw.image, ['https:']) };
}
