import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, PAGE_PATTERNS, pageNameOf } from './page-routes';

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
    expect(pageNameOf(url)).toBeUndefined();
  });

  it('knows every page address, with or without a query string', () => {
    for (const path of Object.values(PAGE_PATHS)) expect(pageNameOf(path), path).toBeDefined();
    expect(pageNameOf('/terms?lang=de')).toBeDefined();
    expect(pageNameOf('/?next=/home_page')).toBeDefined();
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
      expect(pageNameOf(url), url).toBeDefined();
    }
  });

  it('matches like the client router: any letter case and a trailing slash', () => {
    expect(pageNameOf('/Terms')).toBeDefined();
    expect(pageNameOf('/home_page/')).toBeDefined();
    expect(pageNameOf('/home-page')).toBeUndefined();
    // A dot in a fixed path is a letter, not "any character".
    expect(pageNameOf('/termsx')).toBeUndefined();
  });

  it('names the page an address opens, a parameter filled or not', () => {
    for (const [name, path] of Object.entries(PAGE_PATHS))
      expect(pageNameOf(path), path).toBe(name);
    expect(pageNameOf('/home_page?tab=following')).toBe('home');
    expect(pageNameOf('/Post/7/')).toBe('post');
    expect(pageNameOf('/message')).toBe('messages');
    expect(pageNameOf('/message/12')).toBe('chat');
    expect(pageNameOf('/user/ada')).toBe('user');
    expect(pageNameOf('/user/ada/followers')).toBe('userFollowers');
    expect(pageNameOf('/no-such-page')).toBeUndefined();
  });
});
