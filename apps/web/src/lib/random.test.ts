import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomInt, shuffled } from './random';

afterEach(() => vi.restoreAllMocks());

/** Makes getRandomValues hand out `words`, one per call. */
function feed(...words: number[]) {
  const spy = vi.spyOn(crypto, 'getRandomValues');
  for (const word of words) {
    spy.mockImplementationOnce((array) => {
      (array as Uint32Array)[0] = word;
      return array;
    });
  }
  return spy;
}

describe('randomInt', () => {
  it('throws away draws from the incomplete last block, so no number is favoured', () => {
    // 2^32 % 3 === 1: the single value 2^32 - 1 would make 0 a little likelier; it is redrawn.
    const spy = feed(2 ** 32 - 1, 7);
    expect(randomInt(3)).toBe(1);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('stays within 0 to count - 1', () => {
    for (let run = 0; run < 200; run += 1) {
      const value = randomInt(7);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(7);
    }
  });

  it('refuses counts it cannot serve', () => {
    expect(() => randomInt(0)).toThrow(RangeError);
    expect(() => randomInt(2.5)).toThrow(RangeError);
  });
});

describe('shuffled', () => {
  it('keeps every item and leaves the input alone', () => {
    const items = [1, 2, 3, 4, 5];
    const result = shuffled(items);
    expect([...result].sort()).toEqual(items);
    expect(items).toEqual([1, 2, 3, 4, 5]);
  });
});
