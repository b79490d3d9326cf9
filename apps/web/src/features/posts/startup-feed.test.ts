import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_HEADER } from '@devplay/shared';
import { refreshAccessToken } from '../../lib/api-client';
import { makePost } from '../../test/factories';
import { requestsTo, routeFetch, stubFetch } from '../../test/fetch-mock';
import { jsonResponse, testQueryClient } from '../../test/render';
import { prefetchHomeFeed } from './feed-query';
import { postKeys } from './post-keys';

const fetchMock = stubFetch({ signedIn: false });
const runBootScript = async () =>
  new Function(
    await readFile(path.resolve(import.meta.dirname, '../../../public/boot.js'), 'utf8'),
  )();

const feedRequests = () => requestsTo(fetchMock, 'GET /api/posts');
const tokenOf = (init: RequestInit | undefined) =>
  new Headers(init?.headers).get(ACCESS_TOKEN_HEADER);
const cachedIds = (queryClient: ReturnType<typeof testQueryClient>, feed: 'all' | 'following') =>
  queryClient
    .getQueryData<{ pages: { items: { id: number }[] }[] }>(postKeys.feed({ feed }))
    ?.pages[0]?.items.map((post) => post.id);

/** The refresh answers `token`; the feed answers `feedStatus` to its first request, then 200. */
function answer({ token = 'early', feedStatus = 200 } = {}) {
  let feedAnswers = 0;
  routeFetch(fetchMock, {
    'POST /api/refresh': () => jsonResponse({ body: { token } }),
    'GET /api/posts': () =>
      feedAnswers++ === 0 && feedStatus !== 200
        ? jsonResponse({ status: feedStatus, body: { message: 'Unauthorized' } })
        : jsonResponse({ body: { items: [makePost({ id: 7 })], nextCursor: null } }),
  });
}

/** A member's cold load of `page`: boot.js, then the app's start-up refresh. */
async function coldLoad(page: string) {
  window.history.replaceState(null, '', page);
  document.cookie = 'dp_session=1; path=/';
  await runBootScript();
  await refreshAccessToken();
}

afterEach(async () => {
  window.history.replaceState(null, '', '/');
  // The early page is taken once by the app; a test that leaves it must not hand it to the next.
  await window.__devplayStartupFeed;
  delete window.__devplayStartupFeed;
  delete window.__devplayStartupRefresh;
  document.cookie = 'dp_session=; max-age=0; path=/';
  localStorage.clear();
});

describe("the home feed's first page, sent by boot.js on a member's cold load", () => {
  it('leaves with the refreshed token, and the app takes it instead of asking again', async () => {
    answer();
    await coldLoad('/home_page');
    const queryClient = testQueryClient();

    await prefetchHomeFeed(queryClient);

    expect(feedRequests()).toHaveLength(1);
    expect(tokenOf(feedRequests()[0]![1])).toBe('early');
    expect(cachedIds(queryClient, 'all')).toEqual([7]);
  });

  it.each(['all', 'following'])(
    'asks for the very page the app asks for, on the tab the member left the feed on (%s)',
    async (tab) => {
      localStorage.setItem('homeFeed', tab);
      answer();
      await prefetchHomeFeed(testQueryClient());
      const [appsOwn] = feedRequests().map(([input]) => String(input));
      fetchMock.mockClear();

      await coldLoad('/home_page');
      await window.__devplayStartupFeed;

      expect(feedRequests().map(([input]) => String(input))).toEqual([appsOwn]);
      expect(appsOwn).toContain(`feed=${tab}`);
    },
  );

  it('is asked for again by the app when it was refused', async () => {
    answer({ feedStatus: 401 });
    await coldLoad('/home_page');
    const queryClient = testQueryClient();

    await prefetchHomeFeed(queryClient);

    expect(feedRequests()).toHaveLength(2);
    expect(tokenOf(feedRequests()[1]![1])).toBe('early');
    expect(cachedIds(queryClient, 'all')).toEqual([7]);
  });

  it('is taken once: the feed opened again later is asked for anew', async () => {
    answer();
    await coldLoad('/home_page');
    await prefetchHomeFeed(testQueryClient());

    await prefetchHomeFeed(testQueryClient());

    expect(feedRequests()).toHaveLength(2);
  });

  it('is not sent for any other page, nor when the refresh fails', async () => {
    answer();
    await coldLoad('/profile');
    expect(window.__devplayStartupFeed).toBeUndefined();

    delete window.__devplayStartupRefresh;
    routeFetch(fetchMock, {
      'POST /api/refresh': () => jsonResponse({ status: 401, body: { message: 'Unauthorized' } }),
    });
    await coldLoad('/home_page');
    await expect(window.__devplayStartupFeed).resolves.toBeNull();
    expect(feedRequests()).toHaveLength(0);
  });
});
