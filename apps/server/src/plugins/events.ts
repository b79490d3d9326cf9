import type { LiveEvent, NotificationType } from '@devplay/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { createOutageCount, onResubscribed } from './events-outage';
import { readWire } from './events-wire';
import { logReachability, type RedisScope } from './redis';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
  }
}

/** Who hears an event: these members, or every signed-in member (the tournament table). */
export type Audience = readonly number[] | { all: true };

/** What travels between processes; each process acts on the sockets it holds. */
export type BusMessage =
  | { kind: 'event'; audience: Audience; event: LiveEvent }
  /** A member's sessions ended (all, or one); `suspended` when an admin suspended them. */
  | {
      kind: 'disconnect';
      userId: number;
      sessionId?: string;
      suspended?: boolean;
      /** The close frame's reason, for the member to read. */
      reason?: string;
    }
  /** A member's row changed: every process forgets what it remembered of them. */
  | { kind: 'member'; userId: number }
  /**
   * A post, like, comment or follow came or went (the feed's version in the database has moved,
   * unless only counts did): every process announces a post just published to its members, and
   * the new counts of a post liked or commented on to all but the member who acted (`actorId`),
   * whose own answer already carries them. One message per write, however many are online.
   */
  | { kind: 'feed'; published?: PublishedPost; counted?: number; actorId?: number }
  /**
   * A member's notifications changed: the groups that grew (by id, or by subject when a trigger
   * wrote them) and whether the unread count moved. Only a process holding one of the member's
   * sockets reads them, so an action whose recipient is offline reads nothing.
   */
  | {
      kind: 'notifications';
      userId: number;
      groupIds: number[];
      subject?: NotificationSubject;
      countMoved: boolean;
      /** Those of `groupIds` that started or took an actor (not those that shrank): pushed. */
      grown?: number[];
    };

/** Where a message was posted: by this process, or by another through Redis. */
type BusOrigin = 'here' | 'elsewhere';
/** Hears every message; `origin` lets work that must happen once (a push) stay with its poster. */
type BusListener = (message: BusMessage, origin: BusOrigin) => void;

/** One subject's groups: a type and its post, comment, match or transfer id. */
export type NotificationSubject = { type: NotificationType; subjectKey: number };

/** A post just published, by whom: enough for each process to tell its own members. */
export type PublishedPost = { postId: number; authorId: number };

export type EventBus = {
  /**
   * Announces an event after its write committed. It never fails the caller: when Redis is away
   * the warning is logged and the data waits in the database, fetched again on reconnect.
   */
  publish: (audience: Audience, event: LiveEvent) => Promise<void>;
  /**
   * Any bus message, to every process: this one before it returns, the others through Redis. It
   * never rejects, and settles when Redis acknowledged it; a request need not wait for that, as
   * the messages of one process leave on one connection, in the order they were posted.
   */
  post: (message: BusMessage) => Promise<void>;
  subscribe: (listener: BusListener) => () => void;
  close: () => Promise<void>;
};

/**
 * To every socket whose process may have missed live events (its subscription to Redis dropped,
 * or another process could not publish for a while): read again what you show.
 */
const RESYNC: BusMessage = {
  kind: 'event',
  audience: { all: true },
  event: { type: 'resync', data: { reason: 'events-missed' } },
};

/** How long start-up waits for Redis before serving without it (it joins when it answers). */
const REDIS_STARTUP_WAIT_MS = 2_000;

function localBus(log: FastifyBaseLogger) {
  const listeners = new Set<BusListener>();
  return {
    deliver(message: BusMessage, origin: BusOrigin) {
      for (const listener of listeners) {
        // One faulty listener must neither starve the others nor throw into the publisher.
        try {
          listener(message, origin);
        } catch (err) {
          log.error({ err, kind: message.kind }, 'event bus: a listener failed');
        }
      }
    },
    subscribe(listener: BusListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

function inProcessBus(log: FastifyBaseLogger): EventBus {
  const local = localBus(log);
  const post = async (message: BusMessage) => local.deliver(message, 'here');
  return {
    post,
    publish: (audience, event) => post({ kind: 'event', audience, event }),
    subscribe: local.subscribe,
    close: async () => {},
  };
}

/**
 * With REDIS_URL every process of a deployment publishes to and hears from one channel (DESIGN
 * §1). A process delivers its own messages at once and skips their echo, so its members keep
 * their events while Redis is away; only the other processes miss them until their clients
 * reconnect.
 *
 * Each deployment has its own channel (the prefix), and a message from another deployment is
 * dropped all the same: two deployments given one REDIS_PREFIX by mistake must not hand one's
 * private messages to the other's member of the same id. All processes of one deployment share
 * its database, hence its id, so nothing of their own is dropped.
 */
async function redisBus(
  redis: Redis,
  scope: RedisScope,
  log: FastifyBaseLogger,
): Promise<EventBus> {
  const channel = `${scope.prefix}:events`;
  // Publishing uses the shared connection: while Redis is away a command fails at once (no
  // offline queue) or within its timeout. The subscriber's SUBSCRIBE instead waits for Redis as
  // long as it takes; ioredis subscribes again after every reconnect and never stops retrying.
  const subscriber = redis.duplicate({
    enableAutoPipelining: false,
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  logReachability(subscriber, log, 'event subscriber');
  const local = localBus(log);
  // Published while this process's subscription was down: its sockets read again.
  onResubscribed(subscriber, channel, () => local.deliver(RESYNC, 'here'));

  const origin = randomUUID();
  // Its own messages come back from Redis too, already delivered here: they are known by how
  // every payload this process publishes begins, and dropped before any parsing.
  const ownPrefix = `${JSON.stringify({ deployment: scope.deploymentId, origin }).slice(0, -1)},`;
  let foreignSeen = false;
  subscriber.on('message', (_channel: string, payload: string) => {
    if (payload.startsWith(ownPrefix)) return;
    const wire = readWire(payload);
    if (!wire) return log.warn({ bytes: payload.length }, 'event bus: malformed message ignored');
    if (wire.deployment !== scope.deploymentId) {
      // Once: the other deployment keeps talking, and one line says what to fix.
      if (!foreignSeen)
        log.warn(
          { channel },
          'event bus: another deployment publishes on this channel; its messages are dropped. Give each deployment its own REDIS_PREFIX',
        );
      foreignSeen = true;
      return;
    }
    local.deliver(wire.message, 'elsewhere');
  });

  const subscribed = subscriber.subscribe(channel).catch((err: unknown) => {
    log.warn({ err }, 'event bus: subscribing failed');
  });
  let waited: NodeJS.Timeout | undefined;
  const startupWait = new Promise<'late'>((resolve) => {
    waited = setTimeout(() => resolve('late'), REDIS_STARTUP_WAIT_MS);
  });
  // The redis plugin already waited for Redis: when it did not answer, start-up goes on at once.
  if (redis.status !== 'ready' || (await Promise.race([subscribed, startupWait])) === 'late')
    log.warn('event bus: Redis not reachable at start-up; events stay on this process until it is');
  clearTimeout(waited);

  const outage = createOutageCount(log);
  async function toOthers(message: BusMessage) {
    try {
      await redis.publish(channel, `${ownPrefix}"message":${JSON.stringify(message)}}`);
    } catch (err) {
      return outage.missed(err);
    }
    publishing();
  }
  // What this process could not publish, the others' sockets read again: once its connection is
  // back, which may be seconds after their subscriptions are.
  function publishing() {
    if (outage.ended()) void toOthers(RESYNC);
  }
  redis.on('ready', publishing);

  const post = async (message: BusMessage) => {
    local.deliver(message, 'here');
    await toOthers(message);
  };
  return {
    post,
    publish: (audience, event) => post({ kind: 'event', audience, event }),
    subscribe: local.subscribe,
    close: async () => {
      redis.off('ready', publishing);
      // disconnect, not quit: quit would wait for a Redis that may be gone.
      subscriber.disconnect();
    },
  };
}

export default fp(
  async function eventsPlugin(app: FastifyInstance) {
    const bus =
      app.redis && app.redisScope
        ? await redisBus(app.redis, app.redisScope, app.log)
        : inProcessBus(app.log);
    app.decorate('events', bus);
    app.addHook('onClose', () => bus.close());
  },
  { name: 'events', dependencies: ['redis'] },
);
