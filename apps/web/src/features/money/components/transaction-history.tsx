import { useId } from 'react';
import { MONEY_MESSAGES } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { useTransactions } from '../api';
import { useLoadMoreOnScroll } from '../../../lib/use-load-more-on-scroll';
import { isShownTransaction } from '../shown-transactions';
import { TransactionRow } from './transaction-row';
import styles from './transaction-history.module.css';

export const HISTORY_LOAD_ERROR = 'Error loading transactions';
const SKELETON_ROWS = 3;

function HistorySkeleton() {
  return (
    <div aria-hidden="true">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div key={index} className={styles.skeletonRow}>
          <span className={`${styles.block} ${styles.round}`} />
          <span className={styles.lines}>
            <span className={`${styles.block} ${styles.wide}`} />
            <span className={`${styles.block} ${styles.narrow}`} />
          </span>
          <span className={`${styles.block} ${styles.sum}`} />
        </div>
      ))}
    </div>
  );
}

/** Issue 5 history: newest first, a page at a time, older pages as the reader scrolls. */
export function TransactionHistory() {
  const headingId = useId();
  const history = useTransactions();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = history;
  const sentinelRef = useLoadMoreOnScroll<HTMLDivElement>({
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
  });
  const items = (history.data?.pages.flatMap((page) => page.items) ?? []).filter(
    isShownTransaction,
  );
  const failed = history.isError && !isFetchNextPageError;

  return (
    <Card aria-labelledby={headingId} aria-busy={history.isFetching}>
      <h2 id={headingId} className={styles.title}>
        History
      </h2>
      {history.isPending && !failed && (
        <>
          <span className="visually-hidden" role="status">
            Loading...
          </span>
          <HistorySkeleton />
        </>
      )}
      {failed && (
        <Alert tone="error">
          <span>{HISTORY_LOAD_ERROR}</span>
          <button type="button" className={styles.retry} onClick={() => void history.refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {history.isSuccess && items.length === 0 && (
        <p className={styles.empty}>{MONEY_MESSAGES.empty}</p>
      )}
      {items.length > 0 && (
        <ul className={styles.list} aria-labelledby={headingId}>
          {items.map((transaction) => (
            <li key={transaction.id}>
              <TransactionRow transaction={transaction} />
            </li>
          ))}
        </ul>
      )}
      {isFetchingNextPage && <HistorySkeleton />}
      {isFetchNextPageError && <Alert tone="error">{HISTORY_LOAD_ERROR}</Alert>}
      <div ref={sentinelRef} className={styles.sentinel} />
      {hasNextPage && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            loading={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchNextPageError ? 'Try again' : 'Load more'}
          </Button>
        </div>
      )}
    </Card>
  );
}
