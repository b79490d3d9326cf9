import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

type Incr = FastifyRateLimitStore['incr'];
/** Keys a route's counters keep in a process, as the library's local store does. */
const LOCAL_KEYS = 5_000;
type Answer = { current: number; ttl: number };

/**
 * Adds ARGV[1] to a window's counter. A counter Redis does not hold gets the rest of the window,
 * ARGV[2] ms, and starts at ARGV[3] if that is more: the count this process knows of a window it
 * still sees open, which Redis lost (a restart without persistence, an eviction).
 */
const ADD = `
local ttl = redis.call('PTTL', KEYS[1])
local current = redis.call('INCRBY', KEYS[1], ARGV[1])
if ttl < 0 then
  ttl = tonumber(ARGV[2])
  current = math.max(current, tonumber(ARGV[3]))
  redis.call('SET', KEYS[1], current, 'PX', ttl)
end
return {current, ttl}`;

type Add = (key: string, by: number, windowMs: number, known: number) => Promise<[number, number]>;

/**
 * A process's view of a window: the count as Redis last answered it plus what this process
 * counted alone since (`unshared`, owed to Redis), and when the window ends. Its end is taken
 * from when the command was sent, so it never outlives the counter in Redis: a counter missing
 * from Redis while its window is open here was lost, not expired.
 */
type Counter = { count: number; end: number; unshared: number };

/** A route's counters, least recently used out past `size` (the library's local store's bound). */
class Counters {
  private readonly map = new Map<string, Counter>();
  constructor(private readonly size: number) {}

  /** The key's open window, or a new one from `now`. */
  at(key: string, now: number, timeWindow: number): Counter {
    let counter = this.map.get(key);
    this.map.delete(key);
    if (!counter || counter.end <= now) counter = { count: 0, end: now + timeWindow, unshared: 0 };
    this.map.set(key, counter);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
    return counter;
  }

  /** The open windows this process counted in alone. */
  *owing(now: number) {
    for (const [key, counter] of this.map) {
      if (counter.end > now && counter.unshared > 0) yield [key, counter] as const;
    }
  }
}

/**
 * Counters in Redis, shared by every process. While Redis fails (down, or slower than the command
 * timeout) a process counts alone, on from the count Redis last gave it for the key, so a process
 * lets through at most what it had not seen spent; once Redis answers again, it adds what it
 * counted alone to the shared counters of the windows still open, so a window spanning the outage
 * is counted once in total. A counter Redis lost (a restart without persistence) is restored from
 * the process's count. The switch is logged once each way.
 */
export function redisStoreWithFallback(
  redis: Redis,
  log: FastifyBaseLogger,
  nameSpace: string,
): FastifyRateLimitStoreCtor {
  if (!('rateLimitAdd' in redis))
    redis.defineCommand('rateLimitAdd', { numberOfKeys: 1, lua: ADD });
  const add: Add = (key, by, windowMs, known) =>
    (redis as unknown as { rateLimitAdd: Add }).rateLimitAdd(
      nameSpace + key,
      by,
      Math.max(1, windowMs),
      known,
    );
  const routes = new Set<Counters>();
  let away = false;

  /** Adds what this process counted alone to the shared counters of the windows still open. */
  function settle() {
    const sent = Date.now();
    for (const counters of routes) {
      for (const [key, counter] of counters.owing(sent)) {
        const owed = counter.unshared;
        counter.unshared = 0;
        add(key, owed, counter.end - sent, counter.count).then(
          ([current, ttl]) => {
            counter.count = current + counter.unshared;
            counter.end = sent + ttl;
          },
          () => void (counter.unshared += owed),
        );
      }
    }
  }

  const noteRedisResult = (err: unknown) => {
    if (!!err === away) return;
    away = !!err;
    if (away) {
      log.warn({ err }, 'rate limits: Redis failed; counting in this process until it is back');
    } else {
      log.info('rate limits: Redis is back; counters are shared again');
      settle();
    }
  };

  class SharedStore implements FastifyRateLimitStore {
    private readonly counters = new Counters(LOCAL_KEYS);
    constructor() {
      routes.add(this.counters);
    }

    incr(...[key, callback, timeWindow]: Parameters<Incr>) {
      const sent = Date.now();
      const counter = this.counters.at(key, sent, timeWindow);
      const owed = counter.unshared;
      counter.unshared = 0;
      add(key, 1 + owed, counter.end - sent, counter.count + 1).then(
        ([current, ttl]) => {
          noteRedisResult(null);
          counter.count = current + counter.unshared;
          counter.end = sent + ttl;
          callback(null, { current, ttl });
        },
        (err: unknown) => {
          noteRedisResult(err);
          callback(null, this.countHere(key, timeWindow, counter, owed));
        },
      );
    }

    /** This request counted alone, in the window it was sent in if that is still open. */
    private countHere(key: string, timeWindow: number, sentIn: Counter, owed: number): Answer {
      const now = Date.now();
      const counter = this.counters.at(key, now, timeWindow);
      if (counter === sentIn) counter.unshared += owed;
      counter.count += 1;
      counter.unshared += 1;
      return { current: counter.count, ttl: counter.end - now };
    }

    child(): FastifyRateLimitStore {
      // Each route its own counters; the keys name their route already (rate-limit.ts).
      return new SharedStore();
    }
  }

  return class extends SharedStore {
    constructor(params: RateLimitPluginOptions) {
      // Fixed windows only, as route-limits.ts sets them.
      if (params.continueExceeding || params.exponentialBackoff) {
        throw new Error('rate-limit-store.ts counts fixed windows only');
      }
      super();
    }
  };
}
