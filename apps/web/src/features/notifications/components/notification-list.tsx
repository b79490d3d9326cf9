import { CheckCheck } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { LoadMore } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { SkeletonRow } from '../../../components/skeleton';
import { useDrawnLater } from '../../../lib/use-drawn-later';
import { useMarkAllRead, useNotifications } from '../api';
import { notificationsOf } from '../notification-cache';
import { NOTIFICATION_TEXTS } from '../notification-texts';
import { useUnreadNotifications } from '../unread-count';
import { useMarkShownRead } from '../use-mark-shown-read';
import { NotificationRow } from './notification-row';
import pageTitle from '../../../components/page-title.module.css';
import styles from './notification-list.module.css';

const SKELETON_ROWS = 4;

function ListSkeleton() {
  return (
    <div aria-hidden="true">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <SkeletonRow key={index} className={styles.skeletonRow} />
      ))}
    </div>
  );
}

/** The /notifications page's list: newest first, older pages as the reader scrolls. */
export function NotificationList({ meId }: { meId: number }) {
  const headingId = useId();
  const list = useNotifications();
  const markAll = useMarkAllRead();
  const unreadCount = useUnreadNotifications();
  const data = useDrawnLater(list.data);
  const items = useMemo(() => notificationsOf(data), [data]);
  useMarkShownRead(items);
  const failed = list.isError && !list.isFetchNextPageError;

  return (
    <>
      <header className={pageTitle.head}>
        <h1 id={headingId} className={pageTitle.title}>
          {NOTIFICATION_TEXTS.title}
        </h1>
        {/* Nothing to mark on an empty list; with rows, it stays in place once all are read. */}
        {items.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            loading={markAll.isPending}
            // Rows shown in this visit stay marked as new, but the server already counts them read.
            disabled={unreadCount === 0}
            onClick={() => markAll.mutate()}
          >
            <CheckCheck size={16} aria-hidden />
            {NOTIFICATION_TEXTS.markAll}
          </Button>
        )}
      </header>
      <Card flush className={styles.card} aria-labelledby={headingId} aria-busy={list.isFetching}>
        {markAll.isError && (
          <Alert tone="error" className={styles.inset}>
            {NOTIFICATION_TEXTS.markAllError}
          </Alert>
        )}
        {data === undefined && !failed && (
          <>
            <span className="visually-hidden" role="status">
              Loading...
            </span>
            <ListSkeleton />
          </>
        )}
        {failed && (
          <div className={styles.inset}>
            <RetryAlert text={NOTIFICATION_TEXTS.loadError} onRetry={() => void list.refetch()} />
          </div>
        )}
        {data && items.length === 0 && <p className={styles.empty}>{NOTIFICATION_TEXTS.empty}</p>}
        {items.length > 0 && (
          <ul className={styles.list} aria-labelledby={headingId}>
            {items.map((item) => (
              <li key={item.id}>
                <NotificationRow item={item} meId={meId} unread={!item.readAt} />
              </li>
            ))}
          </ul>
        )}
        {list.isFetchingNextPage && <ListSkeleton />}
        {/* Room around it only while there is more to load: the last row ends the card. */}
        <div className={list.hasNextPage || list.isFetchNextPageError ? styles.inset : undefined}>
          <LoadMore list={list} errorText={NOTIFICATION_TEXTS.loadError} />
        </div>
      </Card>
    </>
  );
}
