import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis, type RedisOptions } from 'ioredis';
import { deploymentIdOf } from '../db/deployment';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared command connection, or null without REDIS_URL. Its keys carry the prefix. */
    redis: Redis | null;
    /** Whose Redis keys and bus messages these are; null without REDIS_URL. */
    redisScope: RedisScope | null;
  }
}

/**
 * Deployments sharing one Redis stay apart: every key and the event channel begin with `prefix`,
 * and every bus message carries `deploymentId`.
 */
export type RedisScope = { deploymentId: string; prefix: string };

/** Short, yet two deployments' random ids agree on 12 hex digits once in 2^48 pairs. */
const defaultPrefix = (deploymentId: string) =>
  `devplay-${deploymentId.replace(/-/g, '').slice(0, 12)}`;

async function scopeOf(app: FastifyInstance): Promise<RedisScope> {
  const deploymentId = await deploymentIdOf(app.db);
  return { deploymentId, prefix: app.config.redisPrefix ?? defaultPrefix(deploymentId) };
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

/**
 * Logs when Redis goes away and when it is back, once each, not on every reconnect attempt: the
 * error's message, as a stack says nothing of a refused connection.
 */
export function logReachability(redis: Redis, log: FastifyBaseLogger, role: string) {
  let reachable: boolean | undefined;
  redis.on('ready', () => {
    if (reachable === false) log.info(`Redis (${role}) is reachable again`);
    reachable = true;
  });
  redis.on('error', (err: Error) => {
    if (reachable !== false)
      log.warn({ error: err.message }, `Redis (${role}) is unreachable; degraded until it is back`);
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
  async function redisPlugin(
    app: FastifyInstance,
    /** `scope` for a bare instance without database and config (tests of the plugins alone). */
    options: { url?: string; scope?: RedisScope },
  ) {
    if (!options.url) {
      app.decorate('redis', null);
      app.decorate('redisScope', null);
      return;
    }
    const scope = options.scope ?? (await scopeOf(app));
    // ioredis puts keyPrefix before every key of every command, the keys of scripts (the rate
    // limits' EVALSHA) included, but not before pub/sub channels: plugins/events.ts names its own.
    const redis = new Redis(options.url, {
      ...resilientRedisOptions,
      keyPrefix: `${scope.prefix}:`,
      // Every API request sends a rate-limit check or two, and writes a bus message: the commands
      // of all requests in one turn of the event loop leave in one write, one system call.
      enableAutoPipelining: true,
    });
    logReachability(redis, app.log, 'commands');
    app.decorate('redis', redis);
    app.decorate('redisScope', scope);
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
