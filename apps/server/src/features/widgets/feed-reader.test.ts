import type { NewsItem } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import { useNewsServer } from '../../test/news-server';
import { stubFeedOf, stubSlowFeed } from '../../test/widget-stubs';
import { readFeedOffThread } from './feed-reader';
import { UpstreamError } from './upstream';

const BUDGET = { maxItems: 100, maxElements: 3_000 };

describe('reading a feed off the main thread', () => {
  it('keeps the first 100 items of 10,000 (2 MB)', async () => {
    // A limit no busy host reaches: this test is about what is read, not how fast.
    const items = await readFeedOffThread(stubFeedOf(10_000), BUDGET, 60_000);
    expect(items.map((item) => item.title)).toEqual(
      Array.from({ length: 100 }, (_, i) => `Story ${i}`),
    );
  });

  it('abandons a read that outlasts its limit, as an upstream failure', async () => {
    const read = readFeedOffThread(stubSlowFeed(), BUDGET, 500);
    await expect(read).rejects.toThrow(UpstreamError);
    await expect(read).rejects.toThrow('news feed: not read in 500 ms');
  });
});

describe('GET /news from a large or hostile feed', () => {
  const news = useNewsServer();
  /** A member asking a server of its own, with `feed` served. */
  const asker = async (feed: string) => (await news.serving(feed)).member;

  it("shows a large feed's first 20 items", async () => {
    const member = await asker(stubFeedOf(10_000));
    const response = await member.client.get('/news');
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((item: NewsItem) => item.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Story ${i}`),
    );
  });

  it("answers a feed too slow to read with 502 and the spec's text", async () => {
    const member = await asker(stubSlowFeed());
    const response = await member.client.get('/news');
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('Failed to fetch news');
  });

  it('reads a feed once for many members asking at once', async () => {
    const member = await asker(stubFeedOf(50));
    news.stubs().resetCalls();
    const answers = await Promise.all(Array.from({ length: 20 }, () => member.client.get('/news')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(news.stubs().calls.feed).toBe(1);
  });
});
