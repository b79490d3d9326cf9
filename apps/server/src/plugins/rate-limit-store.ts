import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
// The library's own stores, the ones it picks itself without a `store` option.
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

type Incr = FastifyRateLimitStore['incr'];

/**
 * Counters in Redis, shared by every process; while Redis fails (down, or slower than the
 * command timeout) each process counts on its own instead, so a Redis outage neither fails the
 * request nor lifts the limits. The switch is logged once each way.
 */
export function redisStoreWithFallback(
  redis: Redis,
  log: FastifyBaseLogger,
  nameSpace: string,
): FastifyRateLimitStoreCtor {
  let usingFallback = false;
  const noteRedisResult = (err: Error | null) => {
    if (err && !usingFallback) {
      log.warn({ err }, 'rate limits: Redis failed; counting in this process until it is back');
    } else if (!err && usingFallback) {
      log.info('rate limits: Redis is back; counters are shared again');
    }
    usingFallback = !!err;
  };

  class FallbackStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: FastifyRateLimitStore,
      private readonly local: FastifyRateLimitStore,
    ) {}

    incr(...[key, callback, timeWindow, max]: Parameters<Incr>) {
      this.shared.incr(
        key,
        (err, result) => {
          noteRedisResult(err);
          if (err) this.local.incr(key, callback, timeWindow, max);
          else callback(null, result);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The keys name their route already (rate-limit.ts); the store's own route prefix would
      // read `undefinedundefined-` for limiters made with createRateLimit.
      const options = { ...routeOptions, routeInfo: { method: '', url: '' } };
      return new FallbackStore(this.shared.child(options), this.local.child(options));
    }
  }

  return class extends FallbackStore {
    constructor(params: RateLimitPluginOptions) {
      const continueExceeding = params.continueExceeding ?? false;
      const exponentialBackoff = params.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, params.cache),
      );
    }
  };
}
