import Fastify, { type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { createMember } from '../test/factories';
import { arrived, connectLive, eventually, type LiveClient } from '../test/live-client';
import { captureLog } from '../test/log-capture';
import { redisServerMissing, startRedisServer, type RedisServer } from '../test/redis-server';
import eventsPlugin, { type BusMessage } from './events';
import redisPlugin, { type RedisScope } from './redis';

/** A bare process's deployment, and the channel its bus uses. */
const SCOPE: RedisScope = { deploymentId: 'deployment-a', prefix: 'bus-test' };
const CHANNEL = 'bus-test:events';

/** How a process of SCOPE's deployment wraps what it publishes. */
const wire = { deployment: SCOPE.deploymentId, origin: 'x' };

describe.skipIf(redisServerMissing)(
  `the event bus through a Redis outage${redisServerMissing ? ` (${redisServerMissing})` : ''}`,
  () => {
    const log = captureLog();
    let redis: RedisServer;
    let one: TestContext;
    let two: TestContext;
    /** A bare process with the bus on Redis, and what it hears. */
    async function listeningBus(logger: FastifyServerOptions['logger'], scope = SCOPE) {
      const app = Fastify({ logger });
      await app.register(redisPlugin, { url: redis.url, scope });
      await app.register(eventsPlugin);
      await app.ready();
      const heard: BusMessage[] = [];
      app.events.subscribe((message) => heard.push(message));
      return { app, heard };
    }

    beforeAll(async () => {
      redis = await startRedisServer();
      // Rate limits off: they use Redis too, and this test is about live events alone.
      const options = { redisUrl: redis.url, rateLimits: false };
      one = await createTestApp({ ...options, logStream: log.stream });
      two = await createTestApp({ ...options, sameDatabaseAs: one });
    });
    afterAll(async () => {
      await two?.app.close();
      await one?.app.close();
      await redis?.close();
    });

    it('ignores a malformed payload with a warning and keeps delivering', async () => {
      const busLog = captureLog();
      const { app, heard } = await listeningBus({ level: 'warn', stream: busLog.stream });
      // Another process speaking on the channel, some of it garbage.
      const other = new Redis(redis.url);
      const good = { kind: 'disconnect', userId: 7 } satisfies BusMessage;
      try {
        const noDeployment = JSON.stringify({ origin: 'x', message: good });
        const badEvent = '{"deployment":"deployment-a","origin":"x","message":{"kind":"event"}}';
        for (const payload of ['not json', 'null', noDeployment, badEvent])
          await other.publish(CHANNEL, payload);
        await other.publish(CHANNEL, JSON.stringify({ ...wire, message: good }));
        await eventually(() => heard.length === 1);
        expect(heard).toEqual([good]);
        expect(busLog.find(40, 'event bus: malformed message ignored')).toHaveLength(4);
      } finally {
        other.disconnect();
        await app.close();
      }
    });

    it('delivers its own messages once, skipping their echo, and every other process once', async () => {
      const { app, heard } = await listeningBus(false);
      const other = new Redis(redis.url);
      const own = { kind: 'disconnect', userId: 1 } satisfies BusMessage;
      const theirs = { kind: 'disconnect', userId: 2 } satisfies BusMessage;
      try {
        await app.events.post(own);
        // The channel keeps order: once the other process's message is heard, the echo of this
        // one's came before it.
        await other.publish(CHANNEL, JSON.stringify({ ...wire, message: theirs }));
        await eventually(() => heard.length >= 2);
        expect(heard).toEqual([own, theirs]);
      } finally {
        other.disconnect();
        await app.close();
      }
    });

    it('drops what another deployment publishes on its channel, with one warning', async () => {
      // Two deployments given one REDIS_PREFIX: same channel, different databases and ids.
      const busLog = captureLog();
      const mine = await listeningBus({ level: 'warn', stream: busLog.stream });
      const sameDeployment = await listeningBus(false);
      const other = await listeningBus(false, { ...SCOPE, deploymentId: 'deployment-b' });
      const event = { type: 'unread:count', data: { count: 1 } } as const;
      const theirs = { kind: 'event', audience: [2], event } satisfies BusMessage;
      try {
        await other.app.events.post(theirs);
        await other.app.events.post(theirs);
        await sameDeployment.app.events.post({ kind: 'feed' });
        // One channel keeps order: once the second process's message is in, the others' were heard.
        await eventually(() => mine.heard.length > 0);
        expect(mine.heard).toEqual([{ kind: 'feed' }]);
        expect(busLog.find(40, 'another deployment publishes on this channel')).toHaveLength(1);
      } finally {
        await Promise.all([mine.app.close(), sameDeployment.app.close(), other.app.close()]);
      }
    });

    it('answers while Redis is down and carries events between processes once it is back', async () => {
      const [sender, receiver] = [await createMember(one), await createMember(one)];
      const send = (text: string) =>
        sender.client.post('/messages', { receiverId: receiver.id, text });
      const texts = (live: LiveClient) => live.of('message:new').map((e) => e.data.text);
      // The receiver listens on the other process; the sender on the one that takes the write.
      const [there, here] = [
        await connectLive(two.app, receiver.token),
        await connectLive(one.app, sender.token),
      ];
      await send('before');
      await eventually(() => texts(there).includes('before'));

      await redis.stop();
      // Answered, not held until Redis is back: the bus's publish fails at once meanwhile.
      expect((await send('during')).statusCode).toBe(201);
      // The process that took the write still tells its own sockets.
      await eventually(() => texts(here).includes('during'));
      for (const ctx of [one, two])
        expect((await ctx.app.inject('/api/health')).statusCode).toBe(200);
      expect(log.find(40, 'event bus: Redis unreachable')).toHaveLength(1);

      await redis.start();
      // What it missed meanwhile, the other process's socket reads again when told to.
      await arrived(there, () => there.of('resync').length > 0);
      expect(there.closed.code).toBeUndefined();
      // The subscriber reconnects and subscribes again by itself; keep sending until it hears.
      let sent = 0;
      await vi.waitFor(
        async () => {
          if (texts(there).some((text) => text.startsWith('after'))) return;
          expect((await send(`after ${sent++}`)).statusCode).toBe(201);
          throw new Error('events never flowed again after Redis came back');
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(log.find(40, 'event bus: Redis is back')).toEqual([
        expect.objectContaining({ undelivered: expect.any(Number) }),
      ]);
      here.close();
      there.close();
    });
  },
);

describe('the in-process event bus', () => {
  it('still reaches every listener, and never throws into the publisher, when one fails', async () => {
    const log = captureLog();
    const app = Fastify({ logger: { level: 'warn', stream: log.stream } });
    await app.register(redisPlugin, {});
    await app.register(eventsPlugin);
    const heard: BusMessage[] = [];
    app.events.subscribe(() => {
      throw new Error('listener bug');
    });
    app.events.subscribe((message) => heard.push(message));
    const event = { type: 'unread:count', data: { count: 1 } } as const;

    await expect(app.events.publish({ all: true }, event)).resolves.toBeUndefined();
    expect(heard).toEqual([{ kind: 'event', audience: { all: true }, event }]);
    expect(log.find(50, 'event bus: a listener failed')).toHaveLength(1);
    await app.close();
  });
});
