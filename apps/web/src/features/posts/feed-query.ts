import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { Page, Post } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { preloadPostImage } from './components/post-image-layout';
import { readFeedChoice } from './feed-choice';
import { postKeys, type FeedParams } from './post-keys';

// A feed's pages and a post's page, apart from the rest of the posts API because the app's routes
// start them before any page chunk has arrived: keep this module small.

const FEED_PAGE_SIZE = 10;

/** Only a picture in the first posts can be on the first screen; later ones load lazily. */
const PRIORITY_WITHIN = 2;

function fetchFeed(
  { feed = 'all', userId }: FeedParams,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return api.call('listPosts', {
    query: { feed, user_id: userId, cursor: cursor ?? undefined, limit: FEED_PAGE_SIZE },
    signal,
  });
}

export const feedQuery = (params: FeedParams) =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(params),
    queryFn: ({ pageParam, signal }) => fetchFeed(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<Post>) => last.nextCursor,
    // A page fetched ahead of its screen (prefetchHomeFeed) is not fetched again on mount.
    staleTime: 15_000,
  });

/** The post whose picture is likely the largest thing on the first screen (LCP). */
export const priorityImagePost = (posts: Post[]) =>
  posts.slice(0, PRIORITY_WITHIN).find((post) => post.image);

/**
 * Starts a feed's first page before its screen exists, and its first picture as soon as the
 * page is in, so neither waits for the page's code.
 */
export async function prefetchFeed(queryClient: QueryClient, params: FeedParams) {
  const options = feedQuery(params);
  await queryClient.prefetchInfiniteQuery(options);
  const first = queryClient.getQueryData(options.queryKey)?.pages[0]?.items;
  const image = first && priorityImagePost(first)?.image;
  if (image) preloadPostImage(image);
}

/** One post as a feed of one (see postKeys.post): its page reads it like a feed. */
export const postQuery = (postId: number) =>
  infiniteQueryOptions({
    queryKey: postKeys.post(postId),
    queryFn: async ({ signal }): Promise<Page<Post>> => ({
      items: [await api.call('getPost', { params: { id: postId }, signal })],
      nextCursor: null,
    }),
    initialPageParam: null as string | null,
    getNextPageParam: () => null,
    // Read ahead by the route (prefetchPost), it is not read again on mount.
    staleTime: 15_000,
  });

/** Ids are int4 on the server: anything else names no post (NaN). */
export const postIdOf = (text: string) => {
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : NaN;
  return id <= 2_147_483_647 ? id : NaN;
};

/**
 * A post's page: the post, then its picture (the page's largest paint), before the page's code
 * is in. A post that is not there is left to the page, which says so.
 */
export async function prefetchPost(queryClient: QueryClient, postId: number) {
  const options = postQuery(postId);
  await queryClient.prefetchInfiniteQuery(options);
  const image = queryClient.getQueryData(options.queryKey)?.pages[0]?.items[0]?.image;
  if (image) preloadPostImage(image);
}

/** The home feed on the tab the member left it on. */
export const prefetchHomeFeed = (queryClient: QueryClient) =>
  prefetchFeed(queryClient, { feed: readFeedChoice() });
