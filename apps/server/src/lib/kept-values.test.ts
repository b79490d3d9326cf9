import { describe, expect, it } from 'vitest';
import { keptValues } from './kept-values';

describe('keptValues', () => {
  const counting = () => {
    let reads = 0;
    return { read: async () => ++reads, reads: () => reads };
  };

  it('reads once for everyone within the lifetime, again after it or after forget', async () => {
    let now = 0;
    const kept = keptValues<string, number>({ ttlMs: 100, now: () => now, maxEntries: 10 });
    const source = counting();
    expect(await Promise.all([kept.get('a', source.read), kept.get('a', source.read)])).toEqual([
      1, 1,
    ]);
    now = 99;
    expect(await kept.get('a', source.read)).toBe(1);
    now = 100;
    expect(await kept.get('a', source.read)).toBe(2);
    kept.forget();
    expect(await kept.get('a', source.read)).toBe(3);
  });

  it('serves a value `keep` refuses to its own callers only, and forgets a failed read', async () => {
    const kept = keptValues<string, number>({
      ttlMs: 1_000,
      now: () => 0,
      maxEntries: 10,
      keep: (value) => value % 2 === 0,
    });
    const source = counting();
    expect(await kept.get('a', source.read)).toBe(1);
    expect(await kept.get('a', source.read)).toBe(2);
    expect(await kept.get('a', source.read)).toBe(2);
    await expect(kept.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept.get('b', async () => 4)).toBe(4);
  });

  it('lets the oldest key go first beyond maxEntries', async () => {
    const kept = keptValues<string, string>({ ttlMs: 1_000, now: () => 0, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await kept.get(key, async () => `${key}1`);
    expect(await kept.get('b', async () => 'b2')).toBe('b1');
    expect(await kept.get('a', async () => 'a2')).toBe('a2');
  });
});
