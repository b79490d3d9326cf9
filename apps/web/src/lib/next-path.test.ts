import { describe, expect, it } from 'vitest';
import { safeNextPath, welcomeWithNext } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeNextPath('/message/4')).toBe('/message/4');
    expect(safeNextPath('/tournament?tab=table#top')).toBe('/tournament?tab=table#top');
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with a path', '//evil.com/message/4'],
    ['absolute', 'https://evil.com/'],
    ['javascript', 'javascript:alert(1)'],
    ['backslash host', '/\\evil.com'],
    ['backslash inside', '/message\\..\\//evil.com'],
    ['tab smuggling', '/\t/evil.com'],
    ['new line', '/message/4\n'],
    ['NUL', '/message/4\u0000'],
    ['relative', 'message/4'],
    ['empty', ''],
    ['the welcome screen itself', '/'],
    ['too long', `/${'a'.repeat(2048)}`],
  ])('refuses %s', (_name, raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it('refuses nothing given', () => {
    expect(safeNextPath(null)).toBeNull();
    expect(safeNextPath(undefined)).toBeNull();
  });
});

describe('welcomeWithNext', () => {
  it('remembers a page of this site, and nothing else', () => {
    expect(welcomeWithNext('/message/4')).toBe('/?next=%2Fmessage%2F4');
    expect(welcomeWithNext('//evil.com')).toBe('/');
  });
});
