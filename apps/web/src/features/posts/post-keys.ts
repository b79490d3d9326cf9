import { QUERY_ROOTS } from '../../lib/query-roots';

export type FeedKind = 'all' | 'following';

export interface FeedParams {
  feed?: FeedKind;
  /** Only this author's posts (profiles, My Posts). */
  userId?: number;
}

/** Every posts query hangs under ['posts'], so one prefix reaches all feeds at once. */
export const postKeys = {
  all: [QUERY_ROOTS.posts] as const,
  feeds: () => [...postKeys.all, 'feed'] as const,
  feed: ({ feed = 'all', userId }: FeedParams) =>
    [...postKeys.feeds(), { feed, userId: userId ?? null }] as const,
  /**
   * One post (its page), kept as a feed of one: every update of a post in the feeds (a like, a
   * comment, live counts, deletion) reaches it too.
   */
  post: (postId: number) => [...postKeys.feeds(), { post: postId }] as const,
  likers: (postId: number) => [...postKeys.all, 'likers', postId] as const,
  comments: (postId: number) => [...postKeys.all, 'comments', postId] as const,
};
