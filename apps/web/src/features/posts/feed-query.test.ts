import { render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePost } from '../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../test/fetch-mock';
import { jsonResponse, testQueryClient } from '../../test/render';
import { PostImage } from './components/post-image';
import {
  commentsQuery,
  likersQuery,
  postIdOf,
  postQuery,
  prefetchHomeFeed,
  prefetchPost,
} from './feed-query';
import { postKeys } from './post-keys';

const fetchMock = stubFetch({ signedIn: true });
const picture = '/uploads/abc-1200x900.webp';
const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];

const answerFeed = (posts: ReturnType<typeof makePost>[]) =>
  routeFetch(fetchMock, {
    'GET /api/posts': () => jsonResponse({ body: { items: posts, nextCursor: null } }),
  });

afterEach(() => {
  preloads().forEach((link) => link.remove());
  localStorage.clear();
});

describe('prefetchHomeFeed (the first picture does not wait for the page)', () => {
  it("fetches the tab the member left the feed on and caches it under that feed's key", async () => {
    localStorage.setItem('homeFeed', 'following');
    answerFeed([makePost({ id: 3 })]);
    const queryClient = testQueryClient();

    await prefetchHomeFeed(queryClient);

    const [url] = requestsTo(fetchMock, 'GET /api/posts').map(([input]) => String(input));
    expect(url).toContain('feed=following');
    const cached = queryClient.getQueryData<{ pages: { items: { id: number }[] }[] }>(
      postKeys.feed({ feed: 'following' }),
    );
    expect(cached?.pages[0]?.items.map((post) => post.id)).toEqual([3]);
  });

  it('preloads the first picture with the srcset and sizes its <img> will ask for', async () => {
    answerFeed([
      makePost({ id: 1, video: 'https://youtu.be/abc' }),
      makePost({ id: 2, image: picture }),
    ]);

    await prefetchHomeFeed(testQueryClient());

    const [link] = preloads();
    const { container } = render(
      createElement(PostImage, { url: picture, alt: 'Image for First match', priority: true }),
    );
    const img = container.querySelector('img')!;
    expect(link).toBeDefined();
    expect(link!.getAttribute('imagesrcset')).toBe(img.getAttribute('srcset'));
    expect(link!.getAttribute('imagesizes')).toBe(img.getAttribute('sizes'));
    expect(link!.getAttribute('fetchpriority')).toBe('high');
  });

  it('preloads a picture once however often the feed is opened in one visit', async () => {
    answerFeed([makePost({ id: 2, image: picture })]);

    await prefetchHomeFeed(testQueryClient());
    await prefetchHomeFeed(testQueryClient());

    expect(preloads()).toHaveLength(1);
  });

  it('preloads nothing when no picture is among the first posts', async () => {
    answerFeed([
      makePost({ id: 1 }),
      makePost({ id: 2, video: 'https://youtu.be/abc' }),
      makePost({ id: 3, image: picture }),
    ]);

    await prefetchHomeFeed(testQueryClient());

    expect(preloads()).toEqual([]);
  });
});

describe("prefetchPost (a post's page does not wait for its code)", () => {
  it('caches the post where its page reads it and preloads its picture as the <img> asks', async () => {
    routeFetch(fetchMock, {
      'GET /api/post/7': () => jsonResponse({ body: makePost({ id: 7, image: picture }) }),
    });
    const queryClient = testQueryClient();

    await prefetchPost(queryClient, 7);

    const cached = queryClient.getQueryData(postQuery(7).queryKey);
    expect(cached?.pages[0]?.items.map((post) => post.id)).toEqual([7]);
    const [link] = preloads();
    const { container } = render(
      createElement(PostImage, { url: picture, alt: 'Image for First match', priority: true }),
    );
    expect(link?.getAttribute('imagesrcset')).toBe(
      container.querySelector('img')!.getAttribute('srcset'),
    );
  });

  it('reads its comments beside it and its likers once its count is known, where the page reads them', async () => {
    routeFetch(fetchMock, {
      'GET /api/post/7': () => jsonResponse({ body: makePost({ id: 7, likesCount: 3 }) }),
      'GET /api/comments/7': () => jsonResponse({ body: { items: [], nextCursor: null } }),
      'GET /api/likes/7': () => jsonResponse({ body: { data: [], total: 3 } }),
    });
    const queryClient = testQueryClient();

    await prefetchPost(queryClient, 7);
    await vi.waitFor(
      () => expect(queryClient.getQueryState(likersQuery(7, 3).queryKey)?.status).toBe('success'),
      { timeout: 3_000 },
    );

    expect(queryClient.getQueryState(commentsQuery(7).queryKey)?.status).toBe('success');
    // Each read once: the comments left with the post, not after it.
    expect(requestsTo(fetchMock, 'GET /api/comments/7')).toHaveLength(1);
    expect(fetchMock.mock.calls.map(([input]) => String(input).split('?')[0])).toEqual([
      '/api/comments/7',
      '/api/post/7',
      '/api/likes/7',
    ]);
  });

  it('leaves a post that is not there to its page: no picture, no error thrown', async () => {
    routeFetch(fetchMock, {
      'GET /api/post/8': () => jsonResponse({ status: 404, body: { message: 'Post not found' } }),
    });
    const queryClient = testQueryClient();

    await prefetchPost(queryClient, 8);

    expect(queryClient.getQueryState(postQuery(8).queryKey)?.status).toBe('error');
    expect(preloads()).toEqual([]);
    expect(requestsTo(fetchMock, 'GET /api/likes/8')).toEqual([]);
  });

  it.each(['0', '07', '-1', '1.5', 'abc', '2147483648', '99999999999'])(
    'reads %s as no post id',
    (text) => {
      expect(postIdOf(text)).toBeNaN();
    },
  );

  it('reads an int4 id', () => {
    expect(postIdOf('2147483647')).toBe(2_147_483_647);
    expect(postIdOf('12')).toBe(12);
  });
});
