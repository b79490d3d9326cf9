import { describe, expect, it } from 'vitest';
import { idSchema, textInput, urlIdSchema } from './primitives';
import { NUL_MESSAGE } from './primitives-texts';

describe('ids (DESIGN §7: within int4)', () => {
  it.each([1, 2_147_483_647])('accepts %s in a body', (id) => {
    expect(idSchema.safeParse(id).success).toBe(true);
  });

  it.each([2_147_483_648, 0, -1, 1.5, 1e300, '1', 'abc', '', null, true, [4]])(
    'refuses %o in a body',
    (id) => {
      expect(idSchema.safeParse(id).success).toBe(false);
    },
  );

  it.each([
    ['1', 1],
    ['2147483647', 2_147_483_647],
    ['007', 7],
  ])('reads %o in a URL as %s', (text, id) => {
    expect(urlIdSchema.parse(text)).toBe(id);
  });

  it.each(['2147483648', '0', '-1', '+4', ' 4', '4 ', '4.0', '0x10', '1e1', '', 'abc', true, [4]])(
    'refuses %o in a URL',
    (text) => {
      expect(urlIdSchema.safeParse(text).success).toBe(false);
    },
  );
});

describe('textInput (DESIGN §7: no NUL bytes)', () => {
  it('refuses a NUL character anywhere, with its own message', () => {
    const result = textInput().max(10).safeParse('a\u0000b');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([NUL_MESSAGE]);
  });

  it('keeps the message and checks the caller chains after it', () => {
    const schema = textInput({ error: 'Enter it' }).trim().min(1, 'Enter it').max(3, 'Too long');
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Enter it');
    expect(schema.safeParse('  ').error?.issues[0]?.message).toBe('Enter it');
    expect(schema.safeParse('abcd').error?.issues[0]?.message).toBe('Too long');
    expect(schema.parse(' ab ')).toBe('ab');
  });
});
