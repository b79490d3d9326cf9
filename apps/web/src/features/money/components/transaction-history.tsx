import { useId } from 'react';
import { MONEY_MESSAGES } from '@devplay/shared';
import { Card } from '../../../components/card';
import { LoadMore } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { SkeletonRow } from '../../../components/skeleton';
import { useDrawnLater } from '../../../lib/use-drawn-later';
import { useTransactions } from '../api';
import { isShownTransaction } from '../shown-transactions';
import { TransactionRow } from './transaction-row';
import styles from './transaction-history.module.css';

const HISTORY_LOAD_ERROR = 'Error loading transactions';
const SKELETON_ROWS = 3;

function HistorySkeleton() {
  return (
    <div aria-hidden="true">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <SkeletonRow key={index} withEnd className={styles.skeletonRow} />
      ))}
    </div>
  );
}

/** The transaction history: newest first, a page at a time, older pages as the reader scrolls. */
export function TransactionHistory() {
  const headingId = useId();
  const history = useTransactions();
  const data = useDrawnLater(history.data);
  const items = (data?.pages.flatMap((page) => page.items) ?? []).filter(isShownTransaction);
  const failed = history.isError && !history.isFetchNextPageError;
  const waiting = data === undefined && !failed;

  return (
    <Card aria-labelledby={headingId} aria-busy={history.isFetching}>
      <h2 id={headingId} className={styles.title}>
        History
      </h2>
      {waiting && (
        <>
          <span className="visually-hidden" role="status">
            Loading...
          </span>
          <HistorySkeleton />
        </>
      )}
      {failed && <RetryAlert text={HISTORY_LOAD_ERROR} onRetry={() => void history.refetch()} />}
      {!waiting && history.isSuccess && items.length === 0 && (
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
      {history.isFetchingNextPage && <HistorySkeleton />}
      <LoadMore list={history} errorText={HISTORY_LOAD_ERROR} />
    </Card>
  );
}
