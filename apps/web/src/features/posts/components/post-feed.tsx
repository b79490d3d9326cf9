import { POST_MESSAGES, type Post } from '@devplay/shared';
import { useDeferredValue, type ReactNode } from 'react';
import { LoadMore, RetryAlert } from '../../../components/paged-list';
import { useFeed, type FeedKind } from '../api';
import { priorityImagePost } from '../feed-query';
import { PostCard } from './post-card';
import { PostSkeleton } from './post-skeleton';
import styles from './post-feed.module.css';

interface PostFeedProps {
  feed?: FeedKind;
  userId?: number;
  /** Said when there is no post; may carry the next step (a link, a button). */
  emptyText?: ReactNode;
  /** Something the page slips in after the first few posts (users to follow, on phones). */
  interlude?: { after: number; content: ReactNode };
}

export function PostFeed({
  feed = 'all',
  userId,
  emptyText = 'No posts yet.',
  interlude,
}: PostFeedProps) {
  const posts = useFeed({ feed, userId });
  // Drawing a page of posts is the longest task of a phone's first load: the urgent render
  // keeps what is on screen and the posts are drawn in a transition React can pause (issue 13).
  const shown = useDeferredValue(posts.data ?? null, null);
  const items = shown?.pages.flatMap((page) => page.items) ?? [];
  const priorityId = priorityImagePost(items)?.id;
  // The interlude splits the list in two, so it is no list item; with fewer posts than
  // `after`, it follows the last one (or the empty text).
  const split = interlude ? Math.min(interlude.after, items.length) : items.length;
  const postList = (slice: Post[], label: string) =>
    slice.length > 0 && (
      <ul className={styles.list} aria-label={label} aria-busy={posts.isFetching}>
        {slice.map((post) => (
          <li key={post.id}>
            <PostCard post={post} priorityImage={post.id === priorityId} />
          </li>
        ))}
      </ul>
    );

  if (posts.isPending || (posts.isSuccess && !shown)) {
    return (
      <div className={styles.feed} aria-busy="true">
        <span className="visually-hidden" role="status">
          {POST_MESSAGES.loading}
        </span>
        <PostSkeleton />
        <PostSkeleton />
      </div>
    );
  }

  const failed = posts.isError && !posts.isFetchNextPageError;
  return (
    <div className={styles.feed}>
      {failed && (
        <RetryAlert text={POST_MESSAGES.errorLoadingPosts} onRetry={() => void posts.refetch()} />
      )}
      {posts.isSuccess && items.length === 0 && <p className={styles.empty}>{emptyText}</p>}
      {postList(items.slice(0, split), 'Posts')}
      {interlude?.content}
      {postList(items.slice(split), 'More posts')}
      {posts.isFetchingNextPage && <PostSkeleton />}
      <LoadMore list={posts} errorText={POST_MESSAGES.errorLoadingPosts} />
    </div>
  );
}
