import { useId, useState } from 'react';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
} from '@devplay/shared';
import { FormField } from '../../../components/form-field';
import { LoadMore } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { SkeletonRow } from '../../../components/skeleton';
import { formatDateTime } from '../../../lib/format-date-time';
import { useAuditLog } from '../api';
import styles from './admin.module.css';

const LOAD_ERROR = 'Error loading the audit log';

const isAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);

function AuditRow({ entry }: { entry: AuditEntry }) {
  const actor = entry.actor?.username ?? entry.actorUsername;
  return (
    <div className={styles.main}>
      <span className={styles.name}>{AUDIT_ACTION_LABELS[entry.action]}</span>
      <span className={styles.text}>{entry.summary}</span>
      <span className={styles.meta}>
        by {actor} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </span>
    </div>
  );
}

/** Audit tab (beyond the spec): every admin action, newest first, by kind. */
export function AuditPanel() {
  const headingId = useId();
  const [action, setAction] = useState<AuditAction | ''>('');
  const log = useAuditLog(action);
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  const failed = log.isError && !log.isFetchNextPageError;

  return (
    <div className={styles.panel} aria-busy={log.isFetching}>
      <h2 id={headingId} className="visually-hidden">
        Audit log
      </h2>
      <FormField label="Action">
        {(control) => (
          <select
            {...control}
            className={styles.select}
            value={action}
            onChange={(event) => setAction(isAction(event.target.value) ? event.target.value : '')}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {AUDIT_ACTION_LABELS[value]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {log.isPending && !failed && (
        <div aria-hidden="true">
          <SkeletonRow className={styles.skeletonRow} />
          <SkeletonRow className={styles.skeletonRow} />
        </div>
      )}
      {failed && <RetryAlert text={LOAD_ERROR} onRetry={() => void log.refetch()} />}
      {log.isSuccess && items.length === 0 && (
        <p className={styles.empty}>No admin actions recorded yet.</p>
      )}
      {items.length > 0 && (
        <ul className={styles.list} aria-labelledby={headingId}>
          {items.map((entry) => (
            <li key={entry.id} className={styles.row}>
              <AuditRow entry={entry} />
            </li>
          ))}
        </ul>
      )}
      {log.isFetchingNextPage && <SkeletonRow className={styles.skeletonRow} />}
      <LoadMore list={log} errorText={LOAD_ERROR} />
    </div>
  );
}
