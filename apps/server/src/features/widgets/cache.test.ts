import type { FastifyBaseLogger } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createTtlCache } from './cache';

const quiet = { warn: () => undefined } as unknown as FastifyBaseLogger;
const newCache = () =>
  createTtlCache<string>({ name: 'test', ttlMs: 60_000, redis: null, log: quiet });

/** Counts its calls, and takes a little while, as a database or a third party would. */
function counted<T>(answer: () => T) {
  const counter = {
    calls: 0,
    run: async () => {
      counter.calls++;
      await sleep(20);
      return answer();
    },
  };
  return counter;
}

describe('TtlCache.getOrLoad', () => {
  it('runs beforeLoad and load once for callers arriving together, then answers from the cache', async () => {
    const cache = newCache();
    const before = counted(() => undefined);
    const load = counted(() => 'sunny');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => cache.getOrLoad('paris', load.run, before.run)),
    );
    expect(answers).toEqual(answers.map(() => 'sunny'));
    expect(await cache.getOrLoad('paris', load.run, before.run)).toBe('sunny');
    expect([before.calls, load.calls]).toEqual([1, 1]);
  });

  it('shares a failure of load with those waiting, and keeps none', async () => {
    const cache = newCache();
    const failing = counted((): string => {
      throw new Error('upstream down');
    });
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, () => cache.getOrLoad('paris', failing.run)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 'rejected'));
    expect(failing.calls).toBe(1);
    expect(await cache.getOrLoad('paris', async () => 'sunny')).toBe('sunny');
  });

  it("keeps a refusal by beforeLoad its caller's own: the others ask on their own account", async () => {
    const cache = newCache();
    const load = counted(() => 'sunny');
    // Refuses only after the others have joined the load it started.
    const refuse = async () => {
      await sleep(20);
      throw new Error('over the limit');
    };
    const refused = cache.getOrLoad('paris', load.run, refuse);
    const others = Array.from({ length: 3 }, () =>
      cache.getOrLoad('paris', load.run, async () => {}),
    );
    await expect(refused).rejects.toThrow('over the limit');
    expect(await Promise.all(others)).toEqual(['sunny', 'sunny', 'sunny']);
    expect(load.calls).toBe(1);
  });
});
