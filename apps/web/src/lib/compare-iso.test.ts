import { describe, expect, it } from 'vitest';
import { compareIso } from './compare-iso';

describe('compareIso', () => {
  it('orders days and times as time runs', () => {
    const days = ['2026-12-01', '2026-02-28', '2025-12-31', '2026-02-03'];
    expect([...days].sort(compareIso)).toEqual([
      '2025-12-31',
      '2026-02-03',
      '2026-02-28',
      '2026-12-01',
    ]);
    expect(compareIso('2026-11-26T09:00:00.000Z', '2026-11-26T10:00:00.000Z')).toBe(-1);
    expect(compareIso('2026-11-26T10:00:00.000Z', '2026-11-26T09:59:59.999Z')).toBe(1);
    expect(compareIso('2026-11-26T10:00:00.000Z', '2026-11-26T10:00:00.000Z')).toBe(0);
  });
});
