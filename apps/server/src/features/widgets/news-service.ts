import { DEFAULT_NEWS_QUERY, type NewsItem } from '@devplay/shared';
import { z } from 'zod';
import type { TtlCache } from './cache';
import { readFeedOffThread } from './feed-reader';
import { cleanNewsItem } from './sanitize';
import { fetchJson, fetchText, UpstreamError } from './upstream';

/** News is fetched at most once per 15 minutes for the same query. */
export const NEWS_TTL_MS = 15 * 60 * 1000;
/** The carousel shows a handful; more is only weight. */
const NEWS_MAX_ITEMS = 20;
/**
 * What one fetch of a feed keeps for the queries filtering it, and all the feed parser reads: its
 * time grows with the square of the items (10,000 items took a minute).
 */
const FEED_BUDGET = { maxItems: 100, maxElements: 3_000 };

export type NewsSources = {
  feedUrl: string;
  apiUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
};

/** RSS 2.0 or Atom, its first items (see feed-reader). */
async function fromFeed(sources: NewsSources): Promise<NewsItem[]> {
  const xml = await fetchText(
    new URL(sources.feedUrl),
    sources.timeoutMs,
    'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8',
  );
  return readFeedOffThread(xml, FEED_BUDGET);
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
    return cache.getOrLoad(`api:${q.toLowerCase()}`, async () =>
      distinct(await fromApi(sources, apiKey, q)),
    );
  }
  // One fetch of the feed serves every query: the filter runs on the cached items.
  const items = await cache.getOrLoad('feed', async () =>
    distinct(await fromFeed(sources), FEED_BUDGET.maxItems),
  );
  return titlesMatching(items, q).slice(0, NEWS_MAX_ITEMS);
}
