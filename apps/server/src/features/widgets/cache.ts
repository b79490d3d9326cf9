import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export type TtlCache<T> = {
  get: (key: string) => Promise<T | undefined>;
  set: (key: string, value: T) => Promise<void>;
  /**
   * The cached value, else `load`'s, kept. Concurrent callers for one key in this process share
   * one lookup and one `load`, and its failure, which is not kept. `beforeLoad` runs only for the
   * caller who starts a load (a cost to count, a limit to check); its failure is that caller's
   * alone, and those who waited on it try again on their own account.
   */
  getOrLoad: (key: string, load: () => Promise<T>, beforeLoad?: () => Promise<void>) => Promise<T>;
};

/** How a load ended, when not in a failure every caller waiting for it shares. */
type Outcome<T> = { value: T } | { refused: unknown };

/** Entries one process keeps without Redis; the oldest goes first past this. */
const MEMORY_MAX_ENTRIES = 500;

/**
 * Third-party answers kept for `ttlMs`: in Redis when the server has it (so every process shares
 * them), else in this process. Redis failing only costs a cache miss (DESIGN §7: degrade, never
 * hang): the command times out quickly and the memory copy answers meanwhile.
 */
export function createTtlCache<T>(options: {
  name: string;
  ttlMs: number;
  redis: Redis | null;
  log: FastifyBaseLogger;
}): TtlCache<T> {
  const { name, ttlMs, redis, log } = options;
  const memory = new Map<string, { value: T; expiresAt: number }>();

  function fromMemory(key: string) {
    const hit = memory.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= Date.now()) {
      memory.delete(key);
      return undefined;
    }
    return hit.value;
  }

  function toMemory(key: string, value: T) {
    memory.delete(key);
    memory.set(key, { value, expiresAt: Date.now() + ttlMs });
    while (memory.size > MEMORY_MAX_ENTRIES) memory.delete(memory.keys().next().value!);
  }

  // The deployment's REDIS_PREFIX comes before this (plugins/redis.ts).
  const redisKey = (key: string) => `cache:${name}:${key}`;
  const loading = new Map<string, Promise<Outcome<T>>>();

  /** Registered at once, before anything is awaited, so no concurrent caller can start another. */
  function startLoading(key: string, load: () => Promise<T>, beforeLoad?: () => Promise<void>) {
    const flight = (async (): Promise<Outcome<T>> => {
      const cached = await cache.get(key);
      if (cached !== undefined) return { value: cached };
      try {
        await beforeLoad?.();
      } catch (refused) {
        return { refused };
      }
      const value = await load();
      await cache.set(key, value);
      return { value };
    })().finally(() => loading.delete(key));
    loading.set(key, flight);
    return flight;
  }

  const cache: TtlCache<T> = {
    async get(key) {
      if (!redis) return fromMemory(key);
      try {
        const raw = await redis.get(redisKey(key));
        return raw === null ? undefined : (JSON.parse(raw) as T);
      } catch (err) {
        log.warn({ err }, `${name} cache: Redis read failed, falling back to this process`);
        return fromMemory(key);
      }
    },
    async set(key, value) {
      toMemory(key, value);
      if (!redis) return;
      try {
        await redis.set(redisKey(key), JSON.stringify(value), 'PX', ttlMs);
      } catch (err) {
        log.warn({ err }, `${name} cache: Redis write failed, kept in this process only`);
      }
    },
    async getOrLoad(key, load, beforeLoad) {
      for (;;) {
        const joined = loading.get(key);
        const outcome = await (joined ?? startLoading(key, load, beforeLoad));
        if ('value' in outcome) return outcome.value;
        // Refused by its starter's beforeLoad: a caller who joined it asks on its own account.
        if (!joined) throw outcome.refused;
      }
    },
  };
  return cache;
}
