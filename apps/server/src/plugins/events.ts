import type { LiveEvent } from '@devplay/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { EventEmitter } from 'node:events';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

/** Who should hear an event; each process delivers it to the sockets it holds for them. */
export type Envelope = { userIds: number[]; event: LiveEvent };
export type EventBus = {
  publish: (userIds: number[], event: LiveEvent) => Promise<void>;
  subscribe: (listener: (envelope: Envelope) => void) => () => void;
  close: () => Promise<void>;
};

const CHANNEL = 'devplay:events';

function inProcessBus(): EventBus {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    async publish(userIds, event) {
      emitter.emit(CHANNEL, { userIds, event });
    },
    subscribe(listener) {
      emitter.on(CHANNEL, listener);
      return () => emitter.off(CHANNEL, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** With REDIS_URL every process publishes to and hears from one channel (DESIGN §1). */
async function redisBus(url: string): Promise<EventBus> {
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(url);
  const local = inProcessBus();
  subscriber.on('message', (_channel: string, payload: string) => {
    const { userIds, event } = JSON.parse(payload) as Envelope;
    void local.publish(userIds, event);
  });
  await subscriber.subscribe(CHANNEL);
  return {
    async publish(userIds, event) {
      await publisher.publish(CHANNEL, JSON.stringify({ userIds, event } satisfies Envelope));
    },
    subscribe: local.subscribe,
    async close() {
      await Promise.all([publisher.quit(), subscriber.quit()]);
      await local.close();
    },
  };
}

export default fp(async function eventsPlugin(
  app: FastifyInstance,
  options: { redisUrl?: string },
) {
  const bus = options.redisUrl ? await redisBus(options.redisUrl) : inProcessBus();
  app.decorate('events', bus);
  app.addHook('onClose', () => bus.close());
});
