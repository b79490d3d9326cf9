import { describe, expect, it } from 'vitest';
import { MENTIONS_MAX, mentionedNames, mentionParts, mentionQueryAt } from './mentions';

describe('mentionParts', () => {
  it('cuts the text into runs and mentions, at the start or after a non-word character', () => {
    expect(mentionParts('@ada, meet (@Bob_1) and @c.d-e.')).toEqual([
      { text: '@ada', username: 'ada' },
      { text: ', meet (' },
      { text: '@Bob_1', username: 'Bob_1' },
      { text: ') and ' },
      { text: '@c.d-e', username: 'c.d-e' },
      { text: '.' },
    ]);
  });

  it('leaves e-mail addresses, too short and too long names and markup as text', () => {
    const long = 'x'.repeat(31);
    for (const text of ['ada@example.com', 'hi @ab', `@${long}`, 'a @ b', '<b>@</b>'])
      expect(mentionParts(text)).toEqual([{ text }]);
    expect(mentionParts('<img src=x>@ada')).toEqual([
      { text: '<img src=x>' },
      { text: '@ada', username: 'ada' },
    ]);
    expect(mentionParts('')).toEqual([]);
  });
});

describe('mentionedNames', () => {
  it('answers distinct lower-cased names in order, the first ten only', () => {
    expect(mentionedNames('@Ada @ada @bob ada@example.com')).toEqual(['ada', 'bob']);
    const names = Array.from({ length: 12 }, (_, i) => `user${i}`);
    expect(mentionedNames(names.map((name) => `@${name}`).join(' '))).toEqual(
      names.slice(0, MENTIONS_MAX),
    );
    expect(mentionedNames('no names here')).toEqual([]);
  });

  it('reads a long hostile text in one bounded pass', () => {
    const hostile = `${'@'.repeat(50_000)}${'@a'.repeat(50_000)}${' @'.repeat(50_000)}x`;
    const started = performance.now();
    expect(mentionedNames(hostile)).toEqual([]);
    expect(mentionParts(hostile)).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('mentionQueryAt', () => {
  it('finds the name typed before the caret', () => {
    expect(mentionQueryAt('hi @ad', 6)).toEqual({ start: 3, query: 'ad' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('hi @ad there', 6)).toEqual({ start: 3, query: 'ad' });
    expect(mentionQueryAt(`${'y'.repeat(40)} @bo`, 44)).toEqual({ start: 41, query: 'bo' });
  });

  it('answers null outside a mention', () => {
    expect(mentionQueryAt('ada@exa', 7)).toBeNull();
    expect(mentionQueryAt('hi @ad there', 12)).toBeNull();
    expect(mentionQueryAt(`@${'z'.repeat(31)}`, 32)).toBeNull();
    expect(mentionQueryAt(`${'w'.repeat(40)}@bo`, 43)).toBeNull();
  });
});
