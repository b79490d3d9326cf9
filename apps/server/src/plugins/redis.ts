import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared command connection, or null without REDIS_URL. */
    redis: Redis | null;
  }
}

/** Longest a command may take before its caller falls back (DESIGN §7: degrade, never hang). */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 1_000;

/**
 * Settings of the shared connection (and of its duplicates, like the event bus's subscriber). While Redis is away a command fails
 * at once instead of waiting in a queue, and reconnecting never stops, so the server serves
 * (degraded) through an outage and picks Redis up again when it is back.
 */
const resilientRedisOptions: RedisOptions = {
  enableOfflineQueue: false,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: CONNECT_TIMEOUT_MS,
  maxRetriesPerRequest: 0,
  retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
};

/** Logs when Redis goes away and when it is back, once each, not on every reconnect attempt. */
export function logReachability(redis: Redis, log: FastifyBaseLogger, role: string) {
  let reachable: boolean | undefined;
  redis.on('ready', () => {
    if (reachable === false) log.info(`Redis (${role}) is reachable again`);
    reachable = true;
  });
  redis.on('error', (err: Error) => {
    if (reachable !== false)
      log.warn({ err }, `Redis (${role}) is unreachable; degraded until it is back`);
    reachable = false;
  });
}

function firstReady(redis: Redis): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, CONNECT_TIMEOUT_MS);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export default fp(
  async function redisPlugin(app: FastifyInstance, options: { url?: string }) {
    if (!options.url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(options.url, resilientRedisOptions);
    logReachability(redis, app.log, 'commands');
    app.decorate('redis', redis);
    // Start-up waits briefly so the first requests find Redis, but never depends on it: an
    // unreachable Redis is already logged by logReachability.
    await firstReady(redis);
    app.addHook('onClose', async () => {
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    });
  },
  { name: 'redis' },
);
