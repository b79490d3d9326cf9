import { DEFAULT_NEWS_QUERY, type NewsItem } from '@devplay/shared';
import { parseFeed } from '@rowanmanning/feed-parser';
import { z } from 'zod';
import type { TtlCache } from './cache';
import { cleanNewsItem } from './sanitize';
import { fetchJson, fetchText, UpstreamError } from './upstream';

/** Issue 12: news is fetched at most once per 15 minutes for the same query. */
export const NEWS_TTL_MS = 15 * 60 * 1000;
/** The carousel shows a handful; more is only weight. */
const NEWS_MAX_ITEMS = 20;
/** What one fetch of a feed keeps for the queries filtering it. */
const FEED_MAX_ITEMS = 200;

export type NewsSources = {
  feedUrl: string;
  apiUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
};

/** RSS 2.0 or Atom, read by a well-tested parser; anything it cannot read is a failure. */
async function fromFeed(sources: NewsSources): Promise<NewsItem[]> {
  const xml = await fetchText(
    new URL(sources.feedUrl),
    sources.timeoutMs,
    'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8',
  );
  let feed;
  try {
    feed = parseFeed(xml);
  } catch (error) {
    throw new UpstreamError('failed', `news feed: ${(error as Error).message}`);
  }
  return feed.items.flatMap((item) => {
    const image =
      item.image?.url ??
      item.mediaImages[0]?.url ??
      item.media.find((media) => media.image)?.image ??
      null;
    const clean = cleanNewsItem({ title: item.title, link: item.url, image });
    return clean ? [clean] : [];
  });
}

const newsApiSchema = z.object({
  results: z.array(
    z.object({
      title: z.string().nullish(),
      link: z.string().nullish(),
      image_url: z.string().nullish(),
    }),
  ),
});

/** A NewsData-style JSON API: `?apikey=&q=` answering `{ results: [{ title, link, image_url }] }`. */
async function fromApi(sources: NewsSources, apiKey: string, q: string): Promise<NewsItem[]> {
  const url = new URL(sources.apiUrl);
  url.searchParams.set('apikey', apiKey);
  url.searchParams.set('q', q);
  const parsed = newsApiSchema.safeParse(await fetchJson(url, sources.timeoutMs));
  if (!parsed.success) throw new UpstreamError('failed', 'news API: unexpected answer');
  return parsed.data.results.flatMap((result) => {
    const clean = cleanNewsItem({
      title: result.title,
      link: result.link,
      image: result.image_url,
    });
    return clean ? [clean] : [];
  });
}

/** A feed is already world news: `q` keeps the titles holding every one of its words. */
function titlesMatching(items: NewsItem[], q: string) {
  if (q.toLowerCase() === DEFAULT_NEWS_QUERY) return items;
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    const title = item.title.toLowerCase();
    return words.every((word) => title.includes(word));
  });
}

/** Distinct links, at most `max`, in the source's order. */
function distinct(items: NewsItem[], max = NEWS_MAX_ITEMS) {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.link) && seen.add(item.link)).slice(0, max);
}

export async function newsFor(
  sources: NewsSources,
  cache: TtlCache<NewsItem[]>,
  query: string | undefined,
): Promise<NewsItem[]> {
  const q = query?.replace(/\s+/g, ' ').trim() || DEFAULT_NEWS_QUERY;
  const { apiKey } = sources;
  if (apiKey) {
    const key = `api:${q.toLowerCase()}`;
    const cached = await cache.get(key);
    if (cached) return cached;
    const items = distinct(await fromApi(sources, apiKey, q));
    await cache.set(key, items);
    return items;
  }
  // One fetch of the feed serves every query: the filter runs on the cached items.
  let items = await cache.get('feed');
  if (!items) {
    items = distinct(await fromFeed(sources), FEED_MAX_ITEMS);
    await cache.set('feed', items);
  }
  return titlesMatching(items, q).slice(0, NEWS_MAX_ITEMS);
}
