import { Redis } from 'ioredis';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { createMember } from '../test/factories';
import { arrived, caughtUp, connectLive, type LiveClient } from '../test/live-client';
import { captureLog } from '../test/log-capture';
import { redisServerMissing, startRedisServer, type RedisServer } from '../test/redis-server';

const RESYNC = { type: 'resync', data: { reason: 'events-missed' } };
const resynced = (live: LiveClient) => arrived(live, () => live.of('resync').length > 0);

describe.skipIf(redisServerMissing)(
  `live sockets after the bus lost Redis${redisServerMissing ? ` (${redisServerMissing})` : ''}`,
  () => {
    const log = captureLog();
    let redis: RedisServer;
    /** Speaks to the private Redis as an operator would, to drop the processes' connections. */
    let admin: Redis;
    let one: TestContext;
    let two: TestContext;

    beforeAll(async () => {
      redis = await startRedisServer();
      admin = new Redis(redis.url);
      // Rate limits off: they use Redis too, and these tests are about live events alone.
      const options = { redisUrl: redis.url, rateLimits: false };
      one = await createTestApp({ ...options, logStream: log.stream });
      two = await createTestApp({ ...options, sameDatabaseAs: one });
    });
    afterAll(async () => {
      admin?.disconnect();
      await two?.app.close();
      await one?.app.close();
      await redis?.close();
    });

    it('tells the sockets of a process whose subscription dropped to read again, and keeps them open', async () => {
      const member = await createMember(one);
      const live = await connectLive(two.app, member.token);
      // Every process's subscriber goes; their command connections stay.
      await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      await resynced(live);
      expect(live.of('resync')).toEqual([RESYNC]);
      expect(live.closed.code).toBeUndefined();
      // Told once subscribed again: what the other process publishes from then on arrives.
      await caughtUp(one.app, live, member.id);
      live.close();
    });

    it("tells the other processes' sockets to read again once it can publish again, and logs the outage in two lines", async () => {
      const member = await createMember(one);
      const live = await connectLive(two.app, member.token);
      const commands = one.app.redis!;
      const dropped = once(commands, 'close');
      // The command connections go (the subscribers stay): one's messages cannot leave it.
      await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
      await dropped;
      const event = { type: 'unread:count', data: { count: 7 } } as const;
      for (let i = 0; i < 3; i++) await one.app.events.publish([member.id], event);

      await resynced(live);
      expect(live.of('resync')).toEqual([RESYNC]);
      // Nothing published while the connection was down reached the other process.
      expect(live.of('unread:count').map((e) => e.data.count)).not.toContain(7);
      const outage = log.find(40, 'event bus: Redis unreachable');
      expect(outage).toEqual([expect.objectContaining({ error: expect.any(String) })]);
      expect(log.find(40, 'event bus: Redis is back')).toEqual([
        expect.objectContaining({ undelivered: 3 }),
      ]);
      // One line per outage and connection, never one per message, and no stack anywhere.
      expect(log.find(40, 'not sent to other processes')).toEqual([]);
      expect(log.entries.filter((entry) => 'err' in entry)).toEqual([]);
      live.close();
    });
  },
);
