import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Comment, Page, Post } from '@devplay/shared';
import { postKeys } from './post-keys';

type FeedData = InfiniteData<Page<Post>, string | null>;
type CommentsData = InfiniteData<Page<Comment>, string | null>;

function mapPages<T>(
  data: InfiniteData<Page<T>, string | null> | undefined,
  map: (items: T[]) => T[],
) {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) };
}

/** A post can sit in several cached feeds at once (All, Following, a profile); all must agree. */
export function updatePostInFeeds(
  queryClient: QueryClient,
  postId: number,
  update: (post: Post) => Post,
): void {
  queryClient.setQueriesData<FeedData>({ queryKey: postKeys.feeds() }, (data) =>
    mapPages(data, (items) => items.map((post) => (post.id === postId ? update(post) : post))),
  );
}

export function removePostFromFeeds(queryClient: QueryClient, postId: number): void {
  queryClient.setQueriesData<FeedData>({ queryKey: postKeys.feeds() }, (data) =>
    mapPages(data, (items) => items.filter((post) => post.id !== postId)),
  );
}

export function findPostInFeeds(queryClient: QueryClient, postId: number): Post | undefined {
  for (const [, data] of queryClient.getQueriesData<FeedData>({ queryKey: postKeys.feeds() })) {
    for (const page of data?.pages ?? []) {
      const post = page.items.find((item) => item.id === postId);
      if (post) return post;
    }
  }
  return undefined;
}

/**
 * Comments load oldest first, so a new one belongs at the very end, but only when the end is
 * already loaded; otherwise 'Load more' would later bring it again, out of order.
 * Answers whether the comment could be placed.
 */
export function appendComment(queryClient: QueryClient, comment: Comment): boolean {
  const key = postKeys.comments(comment.postId);
  const data = queryClient.getQueryData<CommentsData>(key);
  const last = data?.pages.at(-1);
  if (!data || !last || last.nextCursor !== null) return false;
  queryClient.setQueryData<CommentsData>(key, {
    ...data,
    pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, comment] }],
  });
  return true;
}

export function removeComment(queryClient: QueryClient, comment: Comment): void {
  queryClient.setQueryData<CommentsData>(postKeys.comments(comment.postId), (data) =>
    mapPages(data, (items) => items.filter((item) => item.id !== comment.id)),
  );
}

/** A feed back to its first page, so refetching it reads one page rather than every one loaded. */
export function trimFeedToFirstPage(queryClient: QueryClient, key: QueryKey): void {
  queryClient.setQueryData<FeedData>(key, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}

/** An edited comment takes the place of its old self, wherever its post's comments are loaded. */
export function replaceComment(queryClient: QueryClient, comment: Comment): void {
  queryClient.setQueryData<CommentsData>(postKeys.comments(comment.postId), (data) =>
    mapPages(data, (items) => items.map((item) => (item.id === comment.id ? comment : item))),
  );
}
