import { ERROR_CODES, type NewsItem } from '@devplay/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { createClient, createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { startWidgetStubs, STUB_ATOM, STUB_RSS, type WidgetStubs } from '../../test/widget-stubs';

let stubs: WidgetStubs;
let ctx: TestContext | undefined;
let member: Member;

beforeAll(async () => {
  stubs = await startWidgetStubs();
});
afterAll(() => stubs.close());
beforeEach(() => {
  stubs.modes.news = 'ok';
  stubs.setFeed(STUB_RSS);
  stubs.resetCalls();
});
afterEach(async () => {
  await ctx?.app.close();
  ctx = undefined;
});

/**
 * A server of its own per test: the news cache (15 minutes) starts empty. The stubs answer at
 * once, but a busy host may take a while to carry it: only the timeout test waits less.
 */
async function server(overrides: Partial<Config> = {}) {
  ctx = await createTestApp({ ...stubs.config, thirdPartyTimeoutMs: 10_000, ...overrides });
  member = await createMember(ctx);
  return ctx;
}

const news = async (query = '') => {
  const response = await member.client.get(`/news${query}`);
  return { status: response.statusCode, body: response.json(), raw: response.body };
};

describe('GET /news from the feed', () => {
  it('answers 401 without a token, and 400 for an over-long query', async () => {
    const { app } = await server();
    const anonymous = await createClient(app).get('/news');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Authorization required.');
    expect((await news(`?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect(stubs.calls.feed).toBe(0);
  });

  it('answers plain-text titles, http(s) links and https images only', async () => {
    await server();
    const { status, body, raw } = await news();
    expect(status).toBe(200);
    expect(body.items).toEqual([
      {
        title: 'Markets rally as rates hold',
        link: 'https://news.example/markets',
        image_url: 'https://img.example/markets.jpg',
      },
      // The http image would be mixed content under the page's CSP: no image, a placeholder.
      { title: 'Storm hits coast', link: 'https://news.example/storm', image_url: null },
      // The javascript: image is dropped, the item kept.
      {
        title: 'Image with a script scheme',
        link: 'https://news.example/odd-image',
        image_url: null,
      },
    ] satisfies NewsItem[]);
    // The javascript: link and the empty title are dropped whole; no markup survives.
    expect(raw).not.toMatch(/javascript:|<script|onerror|<b>/i);
  });

  it('reads Atom feeds too', async () => {
    stubs.setFeed(STUB_ATOM);
    await server();
    expect((await news()).body.items).toEqual([
      { title: 'Atom headline', link: 'https://atom.example/one', image_url: null },
    ]);
  });

  it('filters titles by q; the default query keeps everything', async () => {
    await server();
    expect((await news('?q=STORM')).body.items.map((i: NewsItem) => i.title)).toEqual([
      'Storm hits coast',
    ]);
    expect((await news('?q=storm%20markets')).body.items).toEqual([]);
    expect((await news('?q=world%20news')).body.items).toHaveLength(3);
  });

  it('reads the feed once in 15 minutes, for every query', async () => {
    await server();
    await news();
    await news('?q=storm');
    await news('?q=markets');
    expect(stubs.calls.feed).toBe(1);
  });

  it("answers 502 with the spec's text when the feed answers 500, never its text, and asks again", async () => {
    stubs.modes.news = 'error';
    await server();
    const { status, body, raw } = await news();
    expect(status).toBe(502);
    expect(body).toEqual({ message: 'Failed to fetch news', code: ERROR_CODES.upstreamFailed });
    expect(raw).not.toContain('SECRET');
    // A failure is not kept: the next call reads the feed again.
    stubs.modes.news = 'ok';
    expect((await news()).status).toBe(200);
  });

  it('answers 502 for malformed XML or something that is no feed', async () => {
    stubs.modes.news = 'malformed';
    await server();
    expect((await news()).status).toBe(502);
    stubs.modes.news = 'ok';
    stubs.setFeed('<html><body>Not a feed</body></html>');
    const { status, body } = await news();
    expect(status).toBe(502);
    expect(body.message).toBe('Failed to fetch news');
  });

  it('answers 504 when the feed does not answer in time', async () => {
    stubs.modes.news = 'hang';
    // The feed never answers: only the server's own timeout can end the wait, and says so.
    await server({ thirdPartyTimeoutMs: 300 });
    const { status, body } = await news();
    expect(status).toBe(504);
    expect(body).toEqual({
      message: 'Failed to fetch news',
      code: ERROR_CODES.upstreamTimeout,
    });
  });
});

describe('GET /news from a NewsData-style API, when a key is set', () => {
  it("queries it with q, 'world news' by default, and cleans its items", async () => {
    await server({ newsApiKey: 'test-key' });
    const { status, body } = await news();
    expect(status).toBe(200);
    expect(body.items).toEqual([
      { title: 'API world news story', link: 'https://api-news.example/1', image_url: null },
      {
        title: 'With image',
        link: 'https://api-news.example/2',
        image_url: 'https://img.example/2.jpg',
      },
    ]);
    expect((await news('?q=chess')).body.items[0].title).toBe('API chess story');
    expect(stubs.calls.feed).toBe(0);
  });

  it('asks once per query in 15 minutes', async () => {
    await server({ newsApiKey: 'test-key' });
    await news('?q=chess');
    await news('?q=Chess');
    await news('?q=go');
    expect(stubs.calls.api).toBe(2);
  });

  it('answers 502 for an error or malformed JSON', async () => {
    await server({ newsApiKey: 'test-key' });
    stubs.modes.news = 'error';
    expect((await news('?q=a')).status).toBe(502);
    stubs.modes.news = 'malformed';
    const { status, body } = await news('?q=b');
    expect(status).toBe(502);
    expect(body.message).toBe('Failed to fetch news');
  });
});
