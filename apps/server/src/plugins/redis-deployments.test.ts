import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, sameUserElsewhere, type TestContext } from '../test/app';
import { createMember } from '../test/factories';
import { connectLive, eventually, type LiveClient } from '../test/live-client';
import { redisServerMissing, startRedisServer, type RedisServer } from '../test/redis-server';
import { startWidgetStubs, type WidgetStubs } from '../test/widget-stubs';
import { ROUTE_LIMITS } from './route-limits';

const texts = (live: LiveClient) => live.of('message:new').map((event) => event.data.text);

describe.skipIf(redisServerMissing)(
  `two deployments sharing one Redis${redisServerMissing ? ` (${redisServerMissing})` : ''}`,
  () => {
    // A Redis of this file's own, so the keys listed are only these deployments'.
    let redis: RedisServer;
    let stubs: WidgetStubs;
    /** Two processes of deployment A on one database, two of B on another. */
    const a = {} as { one: TestContext; two: TestContext };
    const b = {} as { one: TestContext; two: TestContext };

    beforeAll(async () => {
      [redis, stubs] = await Promise.all([startRedisServer(), startWidgetStubs()]);
      const options = { redisUrl: redis.url, ...stubs.config };
      for (const deployment of [a, b]) {
        deployment.one = await createTestApp(options);
        deployment.two = await createTestApp({ ...options, sameDatabaseAs: deployment.one });
      }
    });
    afterAll(async () => {
      for (const ctx of [a.two, a.one, b.two, b.one]) await ctx?.app.close();
      await Promise.all([redis?.close(), stubs?.close()]);
    });

    it("keeps a private message inside its deployment, away from the other's member of the same id", async () => {
      const [aSender, aReceiver] = [await createMember(a.one), await createMember(a.one)];
      const [bSender, bReceiver] = [await createMember(b.one), await createMember(b.one)];
      expect(bReceiver.id).toBe(aReceiver.id);
      // A's receiver listens on A's other process, so A's message has to cross Redis.
      const inA = await connectLive(a.two.app, aReceiver.token);
      const inB = await connectLive(b.one.app, bReceiver.token);

      const secret = { receiverId: aReceiver.id, text: 'secret of A' };
      expect((await aSender.client.post('/messages', secret)).statusCode).toBe(201);
      await eventually(() => texts(inA).includes('secret of A'));
      // Sent from B's other process after A's reached Redis: on one shared channel A's would
      // arrive first, so once B's own message is in, A's had its chance.
      const fromB = sameUserElsewhere(b.two.app, bSender.client);
      const hello = { receiverId: bReceiver.id, text: 'hello within B' };
      expect((await fromB.post('/messages', hello)).statusCode).toBe(201);
      await eventually(() => texts(inB).includes('hello within B'));

      expect(texts(inB)).toEqual(['hello within B']);
      expect(texts(inA)).toEqual(['secret of A']);
      inA.close();
      inB.close();
    });

    it('counts rate limits per deployment, shared by its processes', async () => {
      const ip = '198.51.100.7';
      const signIn = (ctx: TestContext) =>
        createClient(ctx.app, ip).post('/signin', { email: 'a@b.co', password: 'whatever' });
      for (let i = 0; i < ROUTE_LIMITS['POST /signin']!.perAddress.max; i++)
        await signIn(i % 2 ? a.one : a.two);
      expect((await signIn(a.one)).statusCode).toBe(429);
      expect((await signIn(a.two)).statusCode).toBe(429);
      expect((await signIn(b.one)).statusCode).toBe(401);
    });

    it("keeps every key under its deployment's prefix, one per deployment", async () => {
      for (const deployment of [a, b]) {
        const member = await createMember(deployment.one);
        expect((await member.client.get('/weather?city=Paris')).statusCode).toBe(200);
      }
      const prefixes = [a.one, a.two, b.one, b.two].map((ctx) => ctx.app.redisScope?.prefix);
      const [ofA, , ofB] = prefixes;
      expect(prefixes).toEqual([ofA, ofA, ofB, ofB]);
      expect(ofA).not.toBe(ofB);

      const raw = new Redis(redis.url);
      const keys = await raw.keys('*');
      raw.disconnect();
      const under = (prefix = '') => keys.filter((key) => key.startsWith(`${prefix}:`));
      expect(under(ofA).length + under(ofB).length).toBe(keys.length);
      for (const prefix of [ofA, ofB]) {
        // The weather cache (plain commands) and rate-limit counters (a Lua script's key).
        expect(under(prefix).some((key) => key.includes(':cache:'))).toBe(true);
        expect(under(prefix).some((key) => key.includes(':rl:'))).toBe(true);
      }
    });
  },
);
