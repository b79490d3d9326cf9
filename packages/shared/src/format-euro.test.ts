import { describe, expect, it } from 'vitest';
import { formatEuro, formatSignedEuro } from './format-euro';

describe('formatEuro', () => {
  it('writes euros as the English texts do, grouped by thousands, always with cents', () => {
    expect(formatEuro(12.34)).toBe('€12.34');
    expect(formatEuro(0)).toBe('€0.00');
    expect(formatEuro(0.5)).toBe('€0.50');
    expect(formatEuro(999.99)).toBe('€999.99');
    expect(formatEuro(1234.5)).toBe('€1,234.50');
    expect(formatEuro(10_000)).toBe('€10,000.00');
    expect(formatEuro(1_234_567.89)).toBe('€1,234,567.89');
  });

  it('rounds to the cent, so float sums do not show', () => {
    expect(formatEuro(0.1 + 0.2)).toBe('€0.30');
    expect(formatEuro(1.005 * 1000)).toBe('€1,005.00');
    expect(formatEuro(19.999)).toBe('€20.00');
  });

  it('puts a minus before the sign of a debt, and none on an amount that rounds to zero', () => {
    expect(formatEuro(-1234.5)).toBe('-€1,234.50');
    expect(formatEuro(-0.001)).toBe('€0.00');
  });

  it('agrees with Intl for English readers', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });
    for (const amount of [0, 0.01, 7.1, 99.99, 1000, 12_345.67, 9_999_999.99, -42.42])
      expect(formatEuro(amount)).toBe(intl.format(amount));
  });
});

describe('formatSignedEuro', () => {
  it('marks money received with + and money sent with -', () => {
    expect(formatSignedEuro(12.34, 'in')).toBe('+€12.34');
    expect(formatSignedEuro(1234.5, 'out')).toBe('-€1,234.50');
  });

  it('takes the direction from the entry, whatever the sign of the amount', () => {
    expect(formatSignedEuro(-5, 'in')).toBe('+€5.00');
    expect(formatSignedEuro(5, 'out')).toBe('-€5.00');
  });
});
