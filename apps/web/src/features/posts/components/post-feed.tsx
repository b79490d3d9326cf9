import { POST_MESSAGES, type Post } from '@devplay/shared';
import { useDeferredValue, type ReactNode } from 'react';
import { LoadMore } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { useFeed, type FeedKind } from '../api';
import { priorityImagePost } from '../feed-query';
import { usePostCountsLive } from '../use-live-feed';
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

/** Posts drawn in the same task as the answer that brings them; see PostLists. */
const DRAWN_AT_ONCE = 2;

export function PostFeed({
  feed = 'all',
  userId,
  emptyText = 'No posts yet.',
  interlude,
}: PostFeedProps) {
  const posts = useFeed({ feed, userId });
  usePostCountsLive({ feed: { feed, userId } });

  if (posts.isPending) {
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

  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];
  const failed = posts.isError && !posts.isFetchNextPageError;
  return (
    <div className={styles.feed}>
      {failed && (
        <RetryAlert text={POST_MESSAGES.errorLoadingPosts} onRetry={() => void posts.refetch()} />
      )}
      {posts.isSuccess && items.length === 0 && <p className={styles.empty}>{emptyText}</p>}
      <PostLists items={items} interlude={interlude} busy={posts.isFetching} />
      {posts.isFetchingNextPage && <PostSkeleton />}
      <LoadMore list={posts} errorText={POST_MESSAGES.errorLoadingPosts} />
    </div>
  );
}

interface PostListsProps {
  items: Post[];
  interlude: PostFeedProps['interlude'];
  busy: boolean;
}

/**
 * Mounted when the first page arrives. Drawing a whole page of posts is the longest task of a
 * phone's first load, so the first posts (the first picture is the page's largest paint) are
 * drawn at once and the rest, like every later page, in a transition React can pause.
 */
function PostLists({ items, interlude, busy }: PostListsProps) {
  const drawn = useDeferredValue(items.length, Math.min(items.length, DRAWN_AT_ONCE));
  const shown = items.slice(0, drawn);
  const priorityId = priorityImagePost(items)?.id;
  // The interlude splits the list in two, so it is no list item; with fewer posts than
  // `after`, it follows the last one (or the empty text). It waits for the posts above it, so
  // nothing moves when the rest are drawn.
  const split = interlude ? Math.min(interlude.after, items.length) : items.length;
  const postList = (slice: Post[], label: string) =>
    slice.length > 0 && (
      <ul className={styles.list} aria-label={label} aria-busy={busy}>
        {slice.map((post) => (
          <li key={post.id}>
            <PostCard post={post} priorityImage={post.id === priorityId} />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      {postList(shown.slice(0, split), 'Posts')}
      {shown.length >= split && interlude?.content}
      {postList(shown.slice(split), 'More posts')}
    </>
  );
}
