import { describe, expect, it } from 'vitest';
import { createSessionCache, sessionLifetimeMs } from './session-cache';

const session = (expiresAt: number) => ({ expiresAt });

describe('session cache', () => {
  it('answers a token for its lifetime, never past the token’s own expiry', () => {
    const cache = createSessionCache(2_000);
    cache.set('a', 1, session(10_000), cache.generation(), 0);
    expect(cache.get('a', 1_999)).toEqual(session(10_000));
    expect(cache.get('a', 2_000)).toBeNull();

    cache.set('b', 1, session(500), cache.generation(), 0);
    expect(cache.get('b', 499)).not.toBeNull();
    expect(cache.get('b', 500)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('forgets every token of a member, and only theirs', () => {
    const cache = createSessionCache(2_000);
    const now = Date.now();
    cache.set('a1', 1, session(now + 60_000), cache.generation());
    cache.set('a2', 1, session(now + 60_000), cache.generation());
    cache.set('b1', 2, session(now + 60_000), cache.generation());
    cache.forget(1);
    expect(cache.get('a1')).toBeNull();
    expect(cache.get('a2')).toBeNull();
    expect(cache.get('b1')).not.toBeNull();
  });

  it('does not store what a lookup read before a member was forgotten', () => {
    const cache = createSessionCache(2_000);
    const readAt = cache.generation();
    cache.forget(1); // a logout lands while the lookup waits on the database
    cache.set('a', 1, session(Date.now() + 60_000), readAt);
    expect(cache.get('a')).toBeNull();
  });

  it('stays within its size, dropping the oldest entry', () => {
    const cache = createSessionCache(2_000, 2);
    const later = Date.now() + 60_000;
    for (const token of ['a', 'b', 'c']) cache.set(token, 1, session(later), cache.generation());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeNull();
    expect(cache.get('c')).not.toBeNull();
  });

  it('is short only where a change can miss the bus: PostgreSQL without Redis', () => {
    const postgres = 'postgres://db/app';
    expect(sessionLifetimeMs({})).toBe(15_000);
    expect(sessionLifetimeMs({ databaseUrl: postgres, redisUrl: 'redis://r' })).toBe(15_000);
    expect(sessionLifetimeMs({ databaseUrl: postgres })).toBe(2_000);
  });
});
