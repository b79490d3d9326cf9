import type { Report } from '@devplay/shared';
import { useId, useState } from 'react';
import { FormField } from '../../../components/form-field';
import { LoadMore } from '../../../components/paged-list';
import { RetryAlert } from '../../../components/retry-alert';
import { SkeletonRow } from '../../../components/skeleton';
import { useReports, type ReportFilter } from '../reports-api';
import { FILTER_LABELS, REPORTS_TEXTS } from '../reports-texts';
import { ReportRow } from './report-row';
import { ResolveDialog, type Resolution } from './resolve-dialog';
import { useAdminSearch } from './admin-search';
import styles from './admin.module.css';

const FILTERS = Object.keys(FILTER_LABELS) as ReportFilter[];
const isFilter = (value: string): value is ReportFilter =>
  (FILTERS as readonly string[]).includes(value);

/** Reports tab: what members reported, open ones first in line, and what the admins decided. */
export function ReportsPanel() {
  const headingId = useId();
  const [status, setStatus] = useState<ReportFilter>('open');
  const { query, field } = useAdminSearch(REPORTS_TEXTS.search);
  const reports = useReports(status, query);
  const [asked, setAsked] = useState<{ report: Report; action: Resolution } | null>(null);
  const items = reports.data?.pages.flatMap((page) => page.items) ?? [];
  const failed = reports.isError && !reports.isFetchNextPageError;

  return (
    <div className={styles.panel} aria-busy={reports.isFetching}>
      <h2 id={headingId} className="visually-hidden">
        {REPORTS_TEXTS.heading}
      </h2>
      <div className={styles.filters}>
        {field}
        <FormField label={REPORTS_TEXTS.status}>
          {(control) => (
            <select
              {...control}
              className={styles.select}
              value={status}
              onChange={(event) => isFilter(event.target.value) && setStatus(event.target.value)}
            >
              {FILTERS.map((value) => (
                <option key={value} value={value}>
                  {FILTER_LABELS[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {reports.isPending && !failed && (
        <div aria-hidden="true">
          <SkeletonRow className={styles.skeletonRow} />
          <SkeletonRow className={styles.skeletonRow} />
        </div>
      )}
      {failed && (
        <RetryAlert text={REPORTS_TEXTS.loadError} onRetry={() => void reports.refetch()} />
      )}
      {reports.isSuccess && items.length === 0 && (
        <p className={styles.empty}>
          {query ? REPORTS_TEXTS.noMatch(query) : REPORTS_TEXTS.empty[status]}
        </p>
      )}
      {items.length > 0 && (
        <ul className={styles.list} aria-labelledby={headingId}>
          {items.map((report) => (
            <li key={report.id}>
              <ReportRow report={report} onResolve={(action) => setAsked({ report, action })} />
            </li>
          ))}
        </ul>
      )}
      {reports.isFetchingNextPage && <SkeletonRow className={styles.skeletonRow} />}
      <LoadMore list={reports} errorText={REPORTS_TEXTS.loadError} />
      {asked && (
        <ResolveDialog report={asked.report} action={asked.action} onClose={() => setAsked(null)} />
      )}
    </div>
  );
}
