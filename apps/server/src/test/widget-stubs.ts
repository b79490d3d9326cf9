import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a stub answers: properly, with a 500, never, or with a body no parser can read. */
export type StubMode = 'ok' | 'error' | 'hang' | 'malformed';

export const STUB_UNKNOWN_CITY = 'Atlantis';

const PLACES: Record<
  string,
  { name: string; country: string; latitude: number; longitude: number }
> = {
  berlin: { name: 'Berlin', country: 'Germany', latitude: 52.52, longitude: 13.41 },
  paris: { name: 'Paris', country: 'France', latitude: 48.85, longitude: 2.35 },
  warsaw: { name: 'Warsaw', country: 'Poland', latitude: 52.23, longitude: 21.01 },
};

/** RSS 2.0 with hostile items a real feed may carry: HTML in a title, a `javascript:` link. */
export const STUB_RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>Stub world news</title>
    <link>https://news.example/</link>
    <description>Test feed</description>
    <item>
      <title>Markets rally as &lt;b&gt;rates&lt;/b&gt; hold</title>
      <link>https://news.example/markets</link>
      <media:thumbnail url="https://img.example/markets.jpg" width="240" height="135"/>
    </item>
    <item>
      <title><![CDATA[<img src=x onerror=alert(1)>Storm <script>alert(1)</script>hits coast]]></title>
      <link>https://news.example/storm</link>
      <enclosure url="http://img.example/storm.jpg" type="image/jpeg" length="1"/>
    </item>
    <item>
      <title>Click me</title>
      <link>javascript:alert(document.cookie)</link>
    </item>
    <item>
      <title>   </title>
      <link>https://news.example/empty-title</link>
    </item>
    <item>
      <title>Image with a script scheme</title>
      <link>https://news.example/odd-image</link>
      <media:content url="javascript:alert(1)" medium="image"/>
    </item>
  </channel>
</rss>`;

export const STUB_ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Stub Atom news</title>
  <id>urn:stub</id>
  <updated>2030-01-01T00:00:00Z</updated>
  <entry>
    <title type="html">Atom &lt;em&gt;headline&lt;/em&gt;</title>
    <id>urn:stub:1</id>
    <link href="https://atom.example/one"/>
    <updated>2030-01-01T00:00:00Z</updated>
  </entry>
</feed>`;

/**
 * RSS of `count` items titled `Story 0`, `Story 1`…, each padded to about `itemBytes`: 10,000
 * items of 200 bytes is a feed just under the 2 MB a widget reads.
 */
export function stubFeedOf(count: number, itemBytes = 200) {
  const items = Array.from({ length: count }, (_, i) => {
    const item = `<item><title>Story ${i}</title><link>https://news.example/${i}</link>`;
    const pad = Math.max(0, itemBytes - item.length - '<description></description></item>'.length);
    return `${item}<description>${'x'.repeat(pad)}</description></item>`;
  });
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Stub</title>${items.join('\n')}</channel></rss>`;
}

/**
 * A feed within the item and element budgets over which the parser yet takes seconds an item:
 * 13 s over the three on a quick machine, far beyond the 2 s a read may take.
 */
export function stubSlowFeed() {
  const image = '<media:content url="https://img.example/a.jpg" medium="image"/>';
  const item = `<item><title>Slow</title><link>https://news.example/</link>${image.repeat(2_900)}</item>`;
  return `<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>${item.repeat(3)}</channel></rss>`;
}

/**
 * Open-Meteo (geocoding and forecast), a news feed and a NewsData-style API on a free local port,
 * for tests and end-to-end runs: each answers as its mode says and counts its calls.
 */
export async function startWidgetStubs() {
  const modes = { weather: 'ok' as StubMode, news: 'ok' as StubMode };
  /** How long each answer of the kind waits: lets a test's requests all arrive before it. */
  const latencyMs = { weather: 0, news: 0 };
  const calls = { geocoding: 0, forecast: 0, feed: 0, api: 0 };
  let feed = STUB_RSS;
  let weatherCode = 61;
  const hanging = new Set<ServerResponse>();

  function answer(response: ServerResponse, kind: keyof typeof modes, type: string, body: string) {
    const mode = modes[kind];
    if (latencyMs[kind] > 0 && mode !== 'hang') {
      const timer = setTimeout(() => reply(response, mode, type, body), latencyMs[kind]);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    reply(response, mode, type, body);
  }

  function reply(response: ServerResponse, mode: StubMode, type: string, body: string) {
    if (mode === 'hang') {
      hanging.add(response);
      return;
    }
    if (mode === 'error') {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('upstream exploded: SECRET-STACK-TRACE');
      return;
    }
    response.writeHead(200, { 'content-type': type });
    response.end(mode === 'malformed' ? body.slice(0, Math.floor(body.length / 2)) : body);
  }

  function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://stub');
    const json = 'application/json';
    if (url.pathname === '/v1/search') {
      calls.geocoding++;
      const name = url.searchParams.get('name') ?? '';
      const known = PLACES[name.trim().toLowerCase()];
      const place = name.toLowerCase().includes(STUB_UNKNOWN_CITY.toLowerCase())
        ? undefined
        : (known ?? { name, country: 'Stubland', latitude: 1, longitude: 2 });
      const body = JSON.stringify(place ? { results: [{ id: 1, ...place }] } : {});
      return answer(response, 'weather', json, body);
    }
    if (url.pathname === '/v1/forecast') {
      calls.forecast++;
      const body = JSON.stringify({
        current_units: { temperature_2m: '°C' },
        current: { temperature_2m: 12.34, relative_humidity_2m: 81, weather_code: weatherCode },
      });
      return answer(response, 'weather', json, body);
    }
    if (url.pathname === '/rss.xml') {
      calls.feed++;
      return answer(response, 'news', 'application/rss+xml', feed);
    }
    if (url.pathname === '/api/1/latest') {
      calls.api++;
      const q = url.searchParams.get('q') ?? '';
      const body = JSON.stringify({
        status: 'success',
        results: [
          { title: `API <i>${q}</i> story`, link: 'https://api-news.example/1', image_url: null },
          { title: 'Bad link', link: 'javascript:alert(1)', image_url: 'https://img.example/x' },
          {
            title: 'With image',
            link: 'https://api-news.example/2',
            image_url: 'https://img.example/2.jpg',
          },
        ],
      });
      return answer(response, 'news', json, body);
    }
    response.writeHead(404).end();
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    modes,
    latencyMs,
    calls,
    /** The feed the stub serves from now on. */
    setFeed(xml: string) {
      feed = xml;
    },
    setWeatherCode(code: number) {
      weatherCode = code;
    },
    /** Config overrides pointing the server at these stubs. */
    config: {
      geocodingApiUrl: `${base}/v1/search`,
      weatherApiUrl: `${base}/v1/forecast`,
      newsFeedUrl: `${base}/rss.xml`,
      newsApiUrl: `${base}/api/1/latest`,
    },
    resetCalls() {
      for (const key of Object.keys(calls) as (keyof typeof calls)[]) calls[key] = 0;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type WidgetStubs = Awaited<ReturnType<typeof startWidgetStubs>>;
