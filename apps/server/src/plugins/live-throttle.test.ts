import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveThrottle } from './live-throttle';

describe('the live throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const throttled = () => {
    const sent: [string, number][] = [];
    const throttle = createLiveThrottle<string, number>({
      intervalMs: 1_000,
      merge: Math.max,
      send: (key, value) => sent.push([key, value]),
    });
    return { sent, throttle };
  };

  it('sends the first value at once and what follows within the second as one, at its end', () => {
    const { sent, throttle } = throttled();
    throttle.push('a', 1);
    expect(sent).toEqual([['a', 1]]);
    throttle.push('a', 3);
    throttle.push('a', 2);
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([['a', 1]]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      ['a', 1],
      ['a', 3],
    ]);
  });

  it('keeps each key to its own second, and forgets a key after a quiet one', () => {
    const { sent, throttle } = throttled();
    throttle.push('a', 1);
    vi.advanceTimersByTime(500);
    throttle.push('b', 1);
    throttle.push('a', 2);
    throttle.push('b', 2);
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([
      ['a', 1],
      ['b', 1],
      ['a', 2],
    ]);
    vi.advanceTimersByTime(500);
    expect(sent.at(-1)).toEqual(['b', 2]);
    // Two quiet seconds later, a value goes out at once again.
    vi.advanceTimersByTime(2_000);
    throttle.push('a', 5);
    expect(sent.at(-1)).toEqual(['a', 5]);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('sends nothing after it stops', () => {
    const { sent, throttle } = throttled();
    throttle.push('a', 1);
    throttle.push('a', 2);
    throttle.stop();
    vi.advanceTimersByTime(5_000);
    expect(sent).toEqual([['a', 1]]);
  });
});
