import { POST_MESSAGES } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
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
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = posts;
  const sentinelRef = useLoadMoreOnScroll<HTMLDivElement>(posts);
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

  const failed = posts.isError && !isFetchNextPageError;
  return (
    <div className={styles.feed}>
      {failed && (
        <Alert tone="error">
          <span>{POST_MESSAGES.errorLoadingPosts}</span>
          <button type="button" className={styles.retry} onClick={() => void posts.refetch()}>
            Try again
          </button>
        </Alert>
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
      {isFetchingNextPage && <PostSkeleton />}
      {isFetchNextPageError && <Alert tone="error">{POST_MESSAGES.errorLoadingPosts}</Alert>}
      <div ref={sentinelRef} className={styles.sentinel} />
      {hasNextPage && (
        <Button
          variant="secondary"
          className={styles.more}
          loading={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchNextPageError ? 'Try again' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
