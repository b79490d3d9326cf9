import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format-date-time';
import { timeAgo } from './time-ago';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;

describe('timeAgo', () => {
  it('counts minutes, then hours, within the day', () => {
    expect(timeAgo(before(59_999), NOW)).toBe('just now');
    expect(timeAgo(before(MINUTE), NOW)).toBe('1 minute ago');
    expect(timeAgo(before(59 * MINUTE), NOW)).toBe('59 minutes ago');
    expect(timeAgo(before(60 * MINUTE), NOW)).toBe('1 hour ago');
    expect(timeAgo(before(23 * 60 * MINUTE + 59 * MINUTE), NOW)).toBe('23 hours ago');
  });

  it('gives the date and time from a day back', () => {
    const dayAgo = before(24 * 60 * MINUTE);
    expect(timeAgo(dayAgo, NOW)).toBe(formatDateTime(dayAgo));
  });

  it('reads a moment ahead of this clock as just now', () => {
    expect(timeAgo(before(-5 * MINUTE), NOW)).toBe('just now');
  });
});
