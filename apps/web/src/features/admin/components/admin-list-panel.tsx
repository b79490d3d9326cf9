import { Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/button';
import { LoadMore } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { SkeletonRow } from '../../../components/skeleton';
import { useToast } from '../../../components/toast-context';
import { useAdminDelete, useAdminList, type AdminListFilters, type AdminListKind } from '../api';
import styles from './admin.module.css';
import { useAdminSearch } from './admin-search';

interface DeleteQuestion {
  title: string;
  /** What goes with the row: the admin reads it before anything is removed. */
  text: ReactNode;
}

interface AdminListPanelProps<T extends { id: number }> {
  kind: AdminListKind;
  /** 'users', 'posts': the heading and the list's name. */
  noun: string;
  searchLabel: string;
  loadError: string;
  renderRow: (item: T) => ReactNode;
  /** Why a row has no Delete button (the admin themself, another admin), or null. */
  refusal?: (item: T) => string | null;
  deleteLabel: (item: T) => string;
  question: (item: T) => DeleteQuestion;
  /** Narrows the list beyond the search (the Users tab's status), with its control beside it. */
  filter?: { value: AdminListFilters; control: ReactNode; emptyText: string | null };
}

function ListSkeleton() {
  return (
    <div aria-hidden="true">
      {Array.from({ length: 3 }, (_, index) => (
        <SkeletonRow key={index} className={styles.skeletonRow} />
      ))}
    </div>
  );
}

/** One tab of the panel: a search box, the rows a page at a time, Delete behind a question. */
export function AdminListPanel<T extends { id: number }>({
  kind,
  noun,
  searchLabel,
  loadError,
  renderRow,
  refusal,
  deleteLabel,
  question,
  filter,
}: AdminListPanelProps<T>) {
  const headingId = useId();
  const { query, field } = useAdminSearch(searchLabel);
  const list = useAdminList(kind, query, filter?.value);
  const remove = useAdminDelete(kind);
  const toast = useToast();
  const [target, setTarget] = useState<T | null>(null);
  const items = (list.data?.pages.flatMap((page) => page.items) ?? []) as unknown as T[];
  const failed = list.isError && !list.isFetchNextPageError;

  const close = () => {
    setTarget(null);
    remove.reset();
  };
  const confirm = () => {
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: (answer) => {
        toast.show(answer.message, 'success');
        close();
      },
    });
  };
  const asked = target ? question(target) : null;

  return (
    <div className={styles.panel} aria-busy={list.isFetching}>
      <h2 id={headingId} className="visually-hidden">
        {noun}
      </h2>
      <div className={styles.filters}>
        {field}
        {filter?.control}
      </div>
      {list.isPending && !failed && (
        <>
          <span className="visually-hidden" role="status">
            Loading...
          </span>
          <ListSkeleton />
        </>
      )}
      {failed && <RetryAlert text={loadError} onRetry={() => void list.refetch()} />}
      {list.isSuccess && items.length === 0 && (
        <p className={styles.empty}>
          {query ? `No ${noun} match "${query}".` : (filter?.emptyText ?? `No ${noun} yet.`)}
        </p>
      )}
      {items.length > 0 && (
        <ul className={styles.list} aria-labelledby={headingId}>
          {items.map((item) => {
            const refused = refusal?.(item) ?? null;
            return (
              <li key={item.id} className={styles.row}>
                <div className={styles.rowBody}>{renderRow(item)}</div>
                {refused ? (
                  <span className={styles.refused}>{refused}</span>
                ) : (
                  <Button
                    variant="secondary"
                    size="sm"
                    iconOnly
                    aria-label={deleteLabel(item)}
                    title={deleteLabel(item)}
                    onClick={() => setTarget(item)}
                  >
                    <Trash2 size={16} aria-hidden />
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {list.isFetchingNextPage && <ListSkeleton />}
      <LoadMore list={list} errorText={loadError} />
      <ConfirmDialog
        open={target !== null}
        title={asked?.title ?? ''}
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={confirm}
        onClose={close}
      >
        {asked?.text}
      </ConfirmDialog>
    </div>
  );
}
