import { describe, expect, it } from 'vitest';
import { isPageRoute, PAGE_PATHS, PAGE_PATTERNS } from './page-routes';

describe('the pages of the web app', () => {
  it.each([
    '/no-such-page',
    '/user',
    '/user/',
    '/user/a/b',
    '/message/1/2',
    '/post/1/likes',
    '/api/me',
  ])('does not take %s for a page', (url) => {
    expect(isPageRoute(url)).toBe(false);
  });

  it('knows every page address, with or without a query string', () => {
    for (const path of Object.values(PAGE_PATHS)) expect(isPageRoute(path), path).toBe(true);
    expect(isPageRoute('/terms?lang=de')).toBe(true);
    expect(isPageRoute('/?next=/home_page')).toBe(true);
  });

  it('fills a pattern parameter with one segment, as the router does', () => {
    expect(PAGE_PATTERNS).toEqual({
      user: '/user/:username',
      chat: '/message/:userId',
      post: '/post/:id',
      userFollowers: '/user/:username/followers',
      userFollowing: '/user/:username/following',
    });
    for (const url of [
      '/user/5',
      '/user/ada.lovelace',
      '/user/J%C3%B6rg',
      '/message/12',
      '/post/7',
      '/user/ada/followers',
      '/user/ada/following',
    ]) {
      expect(isPageRoute(url), url).toBe(true);
    }
  });

  it('matches like the client router: any letter case and a trailing slash', () => {
    expect(isPageRoute('/Terms')).toBe(true);
    expect(isPageRoute('/home_page/')).toBe(true);
    expect(isPageRoute('/home-page')).toBe(false);
    // A dot in a fixed path is a letter, not "any character".
    expect(isPageRoute('/termsx')).toBe(false);
  });
});
