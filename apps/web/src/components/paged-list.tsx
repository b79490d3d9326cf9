import { useLoadMoreOnScroll, type PagedList } from '../lib/use-load-more-on-scroll';
import { Alert } from './alert';
import { Button } from './button';
import styles from './paged-list.module.css';

/**
 * The end of a paged list: the next page loads when the reader gets near (or with the button),
 * and a failed page says so and offers the same button again.
 */
export function LoadMore({ list, errorText }: { list: PagedList; errorText: string }) {
  const sentinelRef = useLoadMoreOnScroll<HTMLDivElement>(list);
  return (
    <div className={styles.end}>
      {list.isFetchNextPageError && (
        <Alert tone="error" className={styles.wide}>
          {errorText}
        </Alert>
      )}
      <div ref={sentinelRef} className={`${styles.wide} ${styles.sentinel}`} />
      {list.hasNextPage && (
        <Button
          variant="secondary"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchNextPageError ? 'Try again' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
