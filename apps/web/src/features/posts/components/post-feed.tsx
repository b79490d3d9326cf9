import { POST_MESSAGES } from '@devplay/shared';
import { LoadMore, RetryAlert } from '../../../components/paged-list';
import { useFeed, type FeedKind } from '../api';
import { PostCard } from './post-card';
import { PostSkeleton } from './post-skeleton';
import styles from './post-feed.module.css';

interface PostFeedProps {
  feed?: FeedKind;
  userId?: number;
  emptyText?: string;
}

export function PostFeed({ feed = 'all', userId, emptyText = 'No posts yet.' }: PostFeedProps) {
  const posts = useFeed({ feed, userId });
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];

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

  const failed = posts.isError && !posts.isFetchNextPageError;
  return (
    <div className={styles.feed}>
      {failed && (
        <RetryAlert text={POST_MESSAGES.errorLoadingPosts} onRetry={() => void posts.refetch()} />
      )}
      {posts.isSuccess && items.length === 0 && <p className={styles.empty}>{emptyText}</p>}
      {items.length > 0 && (
        <ul className={styles.list} aria-label="Posts" aria-busy={posts.isFetching}>
          {items.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      )}
      {posts.isFetchingNextPage && <PostSkeleton />}
      <LoadMore list={posts} errorText={POST_MESSAGES.errorLoadingPosts} />
    </div>
  );
}
