import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERSION } from '../../lib/version';
import { ROUTE_LIMITS } from '../../plugins/route-limits';
import {
  createClient,
  createTestApp,
  newUser,
  signUpVerified,
  type TestContext,
} from '../../test/app';
import { redisServerMissing, startRedisServer, type RedisServer } from '../../test/redis-server';

const health = async (ctx: TestContext) => {
  const response = await ctx.app.inject({ url: '/api/health' });
  const { version, ...body } = response.json();
  expect(version).toBe(VERSION);
  return { statusCode: response.statusCode, body };
};

describe('health', () => {
  it('reports each dependency, Redis off without REDIS_URL', async () => {
    const ctx = await createTestApp();
    expect(await health(ctx)).toEqual({
      statusCode: 200,
      body: { status: 'ok', db: 'ok', redis: 'off', mail: 'log' },
    });
    await ctx.app.close();
  });

  it('names the release and says mail goes over SMTP when SMTP_URL is set', async () => {
    const ctx = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9' });
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.json()).toMatchObject({ version: '1.0.0', mail: 'smtp' });
    await ctx.app.close();
  });

  it('answers 503 when the database does not answer', async () => {
    const owner = await createTestApp();
    const probe = await createTestApp({ sameDatabaseAs: owner });
    await owner.app.close();
    expect(await health(probe)).toEqual({
      statusCode: 503,
      body: { status: 'error', db: 'error', redis: 'off', mail: 'log' },
    });
    await probe.app.close();
  });
});

describe('a Redis outage', () => {
  let redis: RedisServer;
  let ctx: TestContext;
  const logged: { level: number; msg: string }[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(JSON.parse(String(chunk)));
      done();
    },
  });
  beforeAll(async () => {
    if (redisServerMissing) return;
    redis = await startRedisServer();
    ctx = await createTestApp({ redisUrl: redis.url, rateLimits: true, logStream });
  });
  afterAll(async () => {
    await ctx?.app.close();
    await redis?.close();
  });

  it('degrades sign-in and health instead of failing, and recovers', async ({ skip }) => {
    skip(!!redisServerMissing, redisServerMissing);
    const user = newUser();
    await signUpVerified(ctx, createClient(ctx.app), user);
    expect((await health(ctx)).body).toEqual({ status: 'ok', db: 'ok', redis: 'ok', mail: 'log' });

    await redis.stop();
    const client = createClient(ctx.app);
    // Answered, not held: while Redis is away its commands fail at once (plugins/redis.ts).
    expect((await client.post('/signin', { ...user, password: 'Wrong1!pass' })).statusCode).toBe(
      401,
    );
    expect((await client.post('/signin', user)).statusCode).toBe(200);
    // The limit still holds: this process counts on its own while Redis is away.
    for (let i = 2; i < ROUTE_LIMITS['POST /signin']!.perAddress.max; i++)
      await client.post('/signin', user);
    expect((await client.post('/signin', user)).statusCode).toBe(429);
    expect(await health(ctx)).toEqual({
      statusCode: 200,
      body: { status: 'degraded', db: 'ok', redis: 'error', mail: 'log' },
    });

    await redis.start();
    await expect
      .poll(() => health(ctx), { timeout: 15_000, interval: 100 })
      .toEqual({ statusCode: 200, body: { status: 'ok', db: 'ok', redis: 'ok', mail: 'log' } });
    // That Redis came back empty, yet the window's count stands: the process put back its own.
    expect((await client.post('/signin', user)).statusCode).toBe(429);
    const notes = logged.filter((entry) => entry.msg.includes('rate limits'));
    expect(notes.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 40, msg: 'rate limits: Redis failed; counting in this process until it is back' },
      { level: 30, msg: 'rate limits: Redis is back; counters are shared again' },
    ]);
  });
});
