import { describe, expect, it } from 'vitest';
import { parseEuroCents } from './money-texts';

describe('euro amounts as typed, to integer cents', () => {
  it.each([
    ['12.34', 1234],
    [12.34, 1234],
    ['0.01', 1],
    ['12,5', 1250],
    [0.3, 30],
    ['10000', 1_000_000],
  ])('%s is %i cents', (value, cents) => {
    expect(parseEuroCents(value)).toBe(cents);
  });

  it.each([0.1 + 0.2, '0', '0.001', '-5', '10000.01', 'abc', '', '1e3', Number.NaN])(
    '%s is refused',
    (value) => {
      expect(parseEuroCents(value)).toBeNull();
    },
  );
});
