import { useEffect, useRef } from 'react';
import { POST_MESSAGES } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { useFeed, type FeedKind } from '../api';
import { PostCard } from './post-card';
import { PostSkeleton } from './post-skeleton';
import styles from './post-feed.module.css';

interface PostFeedProps {
  feed?: FeedKind;
  userId?: number;
  emptyText?: string;
}

// Starts the next page well before the reader reaches the end, so scrolling rarely waits.
const PRELOAD_MARGIN = '800px 0px';

export function PostFeed({ feed = 'all', userId, emptyText = 'No posts yet.' }: PostFeedProps) {
  const posts = useFeed({ feed, userId });
  const sentinelRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = posts;
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];

  useEffect(() => {
    const sentinel = sentinelRef.current;
    // After a failed page the reader retries with the button instead of a request per scroll.
    const idle = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
    if (!sentinel || !idle || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

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
