import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestContext } from '../test/app';
import { RATE_LIMITS } from './rate-limit';

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits with REDIS_URL', () => {
  let one: TestContext;
  let two: TestContext;
  beforeAll(async () => {
    [one, two] = await Promise.all([createTestApp({ redisUrl }), createTestApp({ redisUrl })]);
  });
  afterAll(() => Promise.all([one.app.close(), two.app.close()]));

  it('are shared by every server process', async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const viaOne = createClient(one.app, ip);
    const viaTwo = createClient(two.app, ip);
    const attempt = (client: typeof viaOne) =>
      client.post('/signin', { email: 'a@b.co', password: 'whatever' });
    for (let i = 0; i < RATE_LIMITS.signin.max; i++) await attempt(i % 2 ? viaOne : viaTwo);
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
    for (let i = 0; i <= RATE_LIMITS.signin.max; i++) {
      statuses.add(
        (await client.post('/signin', { email: 'a@b.co', password: 'whatever' })).statusCode,
      );
    }
    expect([...statuses]).toEqual([401]);
  });
});
