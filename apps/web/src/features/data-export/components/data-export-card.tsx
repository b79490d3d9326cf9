import { Archive, Download } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import head from '../../../components/card-head.module.css';
import { RetryAlert } from '../../../components/retry-alert';
import { Skeleton } from '../../../components/skeleton';
import { Spinner } from '../../../components/spinner';
import { getErrorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date-time';
import { useDataExport, useDownloadExport, useStartExport } from '../api';
import { DATA_EXPORT_TEXTS as TEXTS } from '../data-export-texts';
import styles from './data-export-card.module.css';

/**
 * Settings: "Your data". The member asks for an archive, watches it being made (the mail will
 * say when it is ready), then downloads it until it expires. The server's refusals (one being
 * made, one a day) show in its own words.
 */
export function DataExportCard({ email }: { email: string }) {
  const headingId = useId();
  const current = useDataExport();
  const start = useStartExport();
  const download = useDownloadExport();
  const makingRef = useRef<HTMLDivElement>(null);
  const [askedHere, setAskedHere] = useState(false);
  const state = current.data;

  // The button asked with leaves as the archive is being made: its news takes the focus.
  useEffect(() => {
    if (askedHere && state?.status === 'pending') makingRef.current?.focus();
  }, [askedHere, state?.status]);

  const begin = () => {
    download.reset();
    start.mutate(undefined, { onSuccess: () => setAskedHere(true) });
  };
  const save = () => {
    start.reset();
    download.mutate();
  };
  const failure = start.error ?? download.error;

  return (
    <Card aria-labelledby={headingId} aria-busy={current.isPending}>
      <div className={head.head}>
        <h2 id={headingId} className={head.title}>
          {TEXTS.title}
        </h2>
        <p className={head.lead}>{TEXTS.lead}</p>
        <p className={head.lead}>{TEXTS.terms}</p>
      </div>
      {current.isPending && (
        <div className={styles.loading} aria-hidden="true">
          <Skeleton width={160} height={40} />
        </div>
      )}
      {current.isError && !state && (
        <RetryAlert text={TEXTS.loadError} onRetry={() => void current.refetch()} />
      )}
      {failure && (
        <Alert tone="error" className={styles.message}>
          {getErrorMessage(failure)}
        </Alert>
      )}
      {state?.status === 'pending' && (
        <div ref={makingRef} tabIndex={-1} role="status" className={styles.making}>
          <Spinner size="sm" decorative />
          <div className={styles.makingText}>
            <p className={styles.strong}>{TEXTS.making}</p>
            <p className={head.lead}>{TEXTS.mailWillCome(email)}</p>
          </div>
        </div>
      )}
      {state?.status === 'ready' && state.expiresAt && (
        <Alert tone="success" className={styles.message}>
          {TEXTS.readyUntil(formatDateTime(state.expiresAt))}
        </Alert>
      )}
      {state && state.status !== 'pending' && (
        <div className={styles.actions}>
          {state.status === 'ready' && (
            <Button onClick={save} loading={download.isPending}>
              <Download size={16} aria-hidden />
              {TEXTS.download}
            </Button>
          )}
          <Button
            variant={state.status === 'ready' ? 'secondary' : 'primary'}
            onClick={begin}
            loading={start.isPending}
          >
            <Archive size={16} aria-hidden />
            {state.status === 'ready' ? TEXTS.makeNew : TEXTS.start}
          </Button>
        </div>
      )}
    </Card>
  );
}
