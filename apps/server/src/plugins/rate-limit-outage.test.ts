import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestContext } from '../test/app';
import { redisServerMissing, startRedisServer, type RedisServer } from '../test/redis-server';
import { ROUTE_LIMITS } from './route-limits';

const redisUrl = process.env.TEST_REDIS_URL;
const LIMIT = ROUTE_LIMITS['POST /forgot-password']!.perAddress.max;

/** A TCP relay to Redis whose connections the test can cut, and then let through again. */
async function startCuttableRelay(target: URL) {
  const sockets = new Set<Socket>();
  const relay: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  relay.listen(0, '127.0.0.1');
  await once(relay, 'listening');
  const { port } = relay.address() as { port: number };
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    /** Drops every connection and refuses new ones, as a Redis that went away. */
    async cut() {
      const closed = once(relay, 'close');
      relay.close();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restore() {
      relay.listen(port, '127.0.0.1');
      await once(relay, 'listening');
    },
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
  };
}

/** Sends forgot-password requests through the processes in turn; answers how many were accepted. */
async function acceptedOf(apps: TestContext[], ip: string, requests: number) {
  let accepted = 0;
  for (let i = 0; i < requests; i++) {
    const client = createClient(apps[i % apps.length]!.app, ip);
    const response = await client.post('/forgot-password', { email: `nobody${i}@example.com` });
    if (response.statusCode !== 429) accepted++;
  }
  return accepted;
}

const randomAddress = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
/** The process's Redis connection's next such event (events.once would reject on its errors). */
const redisEvent = (ctx: TestContext, event: 'close' | 'ready') =>
  new Promise<void>((resolve) => ctx.app.redis!.once(event, () => resolve()));
const wentAway = (ctx: TestContext) => redisEvent(ctx, 'close');
const isBack = (ctx: TestContext) => redisEvent(ctx, 'ready');

describe.runIf(redisUrl)('rate limits across a Redis outage', () => {
  let relay: Awaited<ReturnType<typeof startCuttableRelay>>;
  let one: TestContext;
  let two: TestContext;
  let direct: Redis;
  beforeAll(async () => {
    direct = new Redis(redisUrl!);
    relay = await startCuttableRelay(new URL(redisUrl!));
    one = await createTestApp({ redisUrl: relay.url });
    two = await createTestApp({ redisUrl: relay.url, sameDatabaseAs: one });
  });
  afterAll(async () => {
    await two?.app.close();
    await one?.app.close();
    await relay?.close();
    await direct?.quit();
  });

  // Lost: the counter is deleted while Redis is away, as a restart without persistence would.
  it.each([
    ['kept', false],
    ['lost', true],
  ])(
    'count a window spanning the outage once, its counter %s, each process letting through only what it had not seen spent',
    async (_name, lost) => {
      const ip = randomAddress();
      // Three of the five, through both processes: one last saw the count at 3, two at 2.
      const before = await acceptedOf([one, two, one], ip, 3);

      const away = [wentAway(one), wentAway(two)];
      await relay.cut();
      await Promise.all(away);
      if (lost) await direct.del(`${one.app.redisScope!.prefix}:rl:POST /forgot-password|a:${ip}`);
      const during = await acceptedOf([one, two], ip, 4 * LIMIT);

      const back = [isBack(one), isBack(two)];
      await relay.restore();
      await Promise.all(back);
      const after = await acceptedOf([one, two], ip, 2 * LIMIT);

      console.info(
        `forgot-password across an outage, counter ${_name} (limit ${LIMIT}): ${before} before, ${during} during, ${after} after`,
      );
      expect(before).toBe(3);
      // Each process counts on from the count it last saw: one lets 2 more through, two 3.
      expect(during).toBe(2 * LIMIT - before - 2);
      // What each counted alone reached the shared counter: the window is spent.
      expect(after).toBe(0);
    },
  );
});

describe.skipIf(redisServerMissing)(
  'rate limits across a Redis restart without persistence',
  () => {
    let redis: RedisServer;
    let ctx: TestContext;
    beforeAll(async () => {
      redis = await startRedisServer();
      ctx = await createTestApp({ redisUrl: redis.url });
    });
    afterEach(() => redis.start());
    afterAll(async () => {
      await ctx?.app.close();
      await redis?.close();
    });

    it('keep the count of an open window, from what the process saw of it', async () => {
      const ip = randomAddress();
      const before = await acceptedOf([ctx], ip, 3);

      const away = wentAway(ctx);
      await redis.stop();
      await away;
      const during = await acceptedOf([ctx], ip, 1);

      const back = isBack(ctx);
      await redis.start();
      await back;
      const after = await acceptedOf([ctx], ip, 2 * LIMIT);

      console.info(
        `forgot-password across a restart that lost the counters (limit ${LIMIT}): ${before} before, ${during} during, ${after} after`,
      );
      expect(before + during + after).toBe(LIMIT);
    });
  },
);
