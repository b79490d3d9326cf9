import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor';

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const at = (t: string, id: unknown = 1) => raw({ t, id });

describe('decodeCursor', () => {
  it.each([
    ['an ordinary page boundary', { t: '2024-05-01T12:34:56.123456Z', id: 42 }],
    ['a leap day and the largest int4 id', { t: '2024-02-29T23:59:59.999999Z', id: 2_147_483_647 }],
  ])('reads back %s', (_, cursor) => {
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  });

  it('reads no cursor as the first page', () => {
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  // JavaScript's Date.parse takes all of these times; PostgreSQL refuses them, or the id, in the query.
  it.each([
    ['a time that is only a number', at('1')],
    ['February 30th', at('2020-02-30T00:00:00.000000Z')],
    ['February 29th of a common year', at('2021-02-29T00:00:00.000000Z')],
    ['a 13th month', at('2020-13-01T00:00:00.000000Z')],
    ['hour 24', at('2020-01-01T24:00:00.000000Z')],
    ['year zero', at('0000-01-01T00:00:00.000000Z')],
    ['a time without microseconds', at('2020-01-01T00:00:00Z')],
    ['a time with an offset', at('2020-01-01T00:00:00.000000+01:00')],
    ['an id of 3e9', at('2020-01-01T00:00:00.000000Z', 3e9)],
    ['a negative id', at('2020-01-01T00:00:00.000000Z', -1)],
    ['a fractional id', at('2020-01-01T00:00:00.000000Z', 1.5)],
    ['an id as text', at('2020-01-01T00:00:00.000000Z', '1')],
    ['extra keys', raw({ t: '2020-01-01T00:00:00.000000Z', id: 1, x: 1 })],
    ['JSON null', raw(null)],
    ['not JSON', 'garbage'],
  ])('refuses %s with 400 Invalid cursor', (_, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'Invalid cursor', field: 'cursor' }),
    );
  });
});
