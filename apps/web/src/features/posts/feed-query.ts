import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Page, Post } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { READ_AHEAD_FRESH_MS } from '../../lib/read-ahead';
import { takeStartupFeed } from '../../lib/startup-feed';
import { preloadPostImage } from './components/post-image-layout';
import { readFeedChoice } from './feed-choice';
import { postKeys, type FeedParams } from './post-keys';

// A feed's pages and a post's page (the post, its comments, its likers), apart from the rest of
// the posts API because the app's routes start them before any page chunk has arrived: keep this
// module small.

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

type FeedPage = Awaited<ReturnType<typeof fetchFeed>>;

/**
 * A first page already requested (boot.js's), read once: when it was refused or has been read,
 * the page is asked for again.
 */
function answeredOnce(early: Promise<Response | null>) {
  let waiting: Promise<Response | null> | null = early;
  return async (params: FeedParams, signal?: AbortSignal): Promise<FeedPage> => {
    const taken = waiting;
    waiting = null;
    const answer = taken && (await taken);
    if (answer?.ok) return (await answer.json()) as FeedPage;
    return fetchFeed(params, null, signal);
  };
}

export const feedQuery = (params: FeedParams, firstPage?: ReturnType<typeof answeredOnce>) =>
  infiniteQueryOptions({
    queryKey: postKeys.feed(params),
    queryFn: ({ pageParam, signal }) =>
      firstPage && pageParam === null
        ? firstPage(params, signal)
        : fetchFeed(params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<Post>) => last.nextCursor,
    // A page fetched ahead of its screen (prefetchHomeFeed) is not fetched again on mount.
    staleTime: READ_AHEAD_FRESH_MS,
  });

/** The post whose picture is likely the largest thing on the first screen (LCP). */
export const priorityImagePost = (posts: Post[]) =>
  posts.slice(0, PRIORITY_WITHIN).find((post) => post.image);

/**
 * Starts a feed's first page before its screen exists, and its first picture as soon as the
 * page is in, so neither waits for the page's code.
 */
export async function prefetchFeed(
  queryClient: QueryClient,
  params: FeedParams,
  firstPage?: ReturnType<typeof answeredOnce>,
) {
  const options = feedQuery(params, firstPage);
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
    staleTime: READ_AHEAD_FRESH_MS,
  });

const COMMENTS_PAGE_SIZE = 10;

/** A post's comments, oldest first, a page at a time. */
export const commentsQuery = (postId: number) =>
  infiniteQueryOptions({
    queryKey: postKeys.comments(postId),
    queryFn: ({ pageParam, signal }) =>
      api.call('listComments', {
        params: { postId },
        query: { cursor: pageParam ?? undefined, limit: COMMENTS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Read ahead with its post's page, not read again when the thread mounts.
    staleTime: READ_AHEAD_FRESH_MS,
  });

/** Likers listed on a post's page; the rest are counted. */
const LIKERS_SHOWN = 20;

/** Who liked the post, read again whenever its count changes (a like here or anyone's). */
export const likersQuery = (postId: number, likesCount: number) =>
  queryOptions({
    queryKey: [...postKeys.likers(postId), 'page', likesCount],
    queryFn: ({ signal }) =>
      api.call('listLikers', { params: { postId }, query: { limit: LIKERS_SHOWN }, signal }),
    staleTime: READ_AHEAD_FRESH_MS,
  });

/** Ids are int4 on the server: anything else names no post (NaN). */
export const postIdOf = (text: string) => {
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : NaN;
  return id <= 2_147_483_647 ? id : NaN;
};

/**
 * A post's page: the post, then its picture (the page's largest paint), and beside them its
 * comments and then its likers, before the page's code is in. Each is in the cache or on its way
 * when its part of the page mounts, so mounting starts no request (and no redraw to say so). A
 * post that is not there is left to the page, which says so.
 */
export async function prefetchPost(queryClient: QueryClient, postId: number) {
  const options = postQuery(postId);
  void queryClient.prefetchInfiniteQuery(commentsQuery(postId));
  await queryClient.prefetchInfiniteQuery(options);
  const post = queryClient.getQueryData(options.queryKey)?.pages[0]?.items[0];
  if (!post) return;
  if (post.image) preloadPostImage(post.image);
  void queryClient.prefetchQuery(likersQuery(postId, post.likesCount));
}

/**
 * The home feed on the tab the member left it on. On a cold load its first page is boot.js's,
 * requested on the same tab before this code arrived.
 */
export function prefetchHomeFeed(queryClient: QueryClient) {
  const early = takeStartupFeed();
  return prefetchFeed(
    queryClient,
    { feed: readFeedChoice() },
    early ? answeredOnce(early) : undefined,
  );
}
