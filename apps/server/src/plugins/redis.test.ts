import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { eventually } from '../test/live-client';
import { redisServerMissing, startRedisServer, type RedisServer } from '../test/redis-server';
import redisPlugin from './redis';

describe.skipIf(redisServerMissing)(
  `the Redis connection's prefix${redisServerMissing ? ` (${redisServerMissing})` : ''}`,
  () => {
    let redis: RedisServer;
    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterAll(() => redis?.close());

    it("goes before every key, a script's included, but not before pub/sub channels", async () => {
      const app = Fastify();
      await app.register(redisPlugin, {
        url: redis.url,
        scope: { deploymentId: 'd', prefix: 'p1' },
      });
      const raw = new Redis(redis.url);
      const heard: string[] = [];
      try {
        const commands = app.redis!;
        await commands.set('plain', '1');
        // As the rate limits' store does: EVALSHA, its key named in KEYS.
        commands.defineCommand('bump', {
          numberOfKeys: 1,
          lua: "return redis.call('INCR', KEYS[1])",
        });
        await (commands as Redis & { bump: (key: string) => Promise<number> }).bump('scripted');
        expect((await raw.keys('*')).sort()).toEqual(['p1:plain', 'p1:scripted']);

        const listener = raw.duplicate();
        listener.on('message', (channel: string) => heard.push(channel));
        await listener.subscribe('news');
        await commands.publish('news', 'hello');
        await eventually(() => heard.length > 0);
        expect(heard).toEqual(['news']);
        listener.disconnect();
      } finally {
        raw.disconnect();
        await app.close();
      }
    });

    it('is REDIS_PREFIX when set, else one made of the deployment id in the database', async () => {
      const named = await createTestApp({ redisUrl: redis.url, redisPrefix: 'staging' });
      const derived = await createTestApp({ redisUrl: redis.url });
      try {
        expect(named.app.redisScope?.prefix).toBe('staging');
        const { deploymentId, prefix } = derived.app.redisScope!;
        expect(prefix).toBe(`devplay-${deploymentId.replace(/-/g, '').slice(0, 12)}`);
        expect(deploymentId).not.toBe(named.app.redisScope?.deploymentId);
      } finally {
        await Promise.all([named.app.close(), derived.app.close()]);
      }
    });
  },
);
