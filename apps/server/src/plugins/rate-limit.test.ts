import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createClient, createTestApp, type TestContext } from '../test/app';
import { ROUTE_LIMITS } from './route-limits';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits with REDIS_URL', () => {
  let one: TestContext;
  let two: TestContext;
  beforeAll(async () => {
    // Processes of one deployment: one database, so one Redis prefix.
    one = await createTestApp({ redisUrl });
    two = await createTestApp({ redisUrl, sameDatabaseAs: one });
  });
  afterAll(async () => {
    await two?.app.close();
    await one?.app.close();
  });

  it('are shared by every server process', async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const viaOne = createClient(one.app, ip);
    const viaTwo = createClient(two.app, ip);
    const attempt = (client: typeof viaOne) =>
      client.post('/signin', { email: 'a@b.co', password: 'whatever' });
    for (let i = 0; i < ROUTE_LIMITS['POST /signin']!.perAddress.max; i++)
      await attempt(i % 2 ? viaOne : viaTwo);
    expect((await attempt(viaOne)).statusCode).toBe(429);
    expect((await attempt(viaTwo)).statusCode).toBe(429);
  });
});

describe('rate limits with RATE_LIMITS=off', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ rateLimits: false });
  });
  afterAll(() => ctx.app.close());

  it('never answer 429', async () => {
    const client = createClient(ctx.app);
    const statuses = new Set<number>();
    // A new e-mail each time: the per-account limits are not what this test is about.
    for (let i = 0; i <= ROUTE_LIMITS['POST /signin']!.perAddress.max; i++) {
      statuses.add(
        (await client.post('/signin', { email: `a${i}@b.co`, password: 'whatever' })).statusCode,
      );
    }
    expect([...statuses]).toEqual([401]);
  });
});

describe('rate limits behind a proxy (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
  });
  afterAll(() => ctx.app.close());

  const PROXY = '10.9.9.9';
  const signInVia = (forwardedFor: string, attempt: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `p${attempt}@b.co`, password: 'whatever' },
    });

  it('key on the address the proxy appended, so a forged X-Forwarded-For does not escape', async () => {
    const client = '203.0.113.7';
    for (let i = 0; i < ROUTE_LIMITS['POST /signin']!.perAddress.max; i++) {
      expect((await signInVia(`198.51.100.${i}, ${client}`, i)).statusCode).toBe(401);
    }
    expect((await signInVia(`198.51.100.99, ${client}`, 99)).statusCode).toBe(429);
    // Another client behind the same proxy has limits of its own.
    expect((await signInVia('203.0.113.8', 100)).statusCode).toBe(401);
  });
});
