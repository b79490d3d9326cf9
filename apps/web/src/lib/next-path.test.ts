import { describe, expect, it } from 'vitest';
import { safeNextPath, welcomeWithNext } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeNextPath('/message/4')).toBe('/message/4');
    expect(safeNextPath('/tournament?tab=table#top')).toBe('/tournament?tab=table#top');
    expect(safeNextPath('/user/ana?next=//evil.example/')).toBe('/user/ana?next=//evil.example/');
  });

  it('answers the path its dot segments lead to, which is what the router opens', () => {
    expect(safeNextPath('/a/../message/4')).toBe('/message/4');
    expect(safeNextPath('/%2e/home_page')).toBe('/home_page');
    expect(safeNextPath('/./calendar')).toBe('/calendar');
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
    // Each reads '//evil.example/' once its dot segments are resolved.
    ['a dot segment before a second slash', '/.//evil.example/'],
    ['an encoded dot segment', '/%2e//evil.example/'],
    ['an encoded dot segment in capitals', '/%2E//evil.example/'],
    ['a parent segment', '/a/..//evil.example/'],
    ['an encoded parent segment', '/a/%2e%2e//evil.example/'],
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
