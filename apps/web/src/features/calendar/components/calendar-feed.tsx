import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/text-field';
import { useToast } from '../../../components/toast-context';
import { useCopyText } from '../../../components/use-copy-text';
import { getErrorMessage } from '../../../lib/error-message';
import { useFeedUrl, useNewFeedUrl } from '../api';
import styles from './calendar-feed.module.css';

/**
 * Beyond the spec: a private iCalendar address of one's leave and the holidays. The
 * server keeps only a hash of it, so it is shown once per session; asking again makes a new one,
 * and the old address stops working, which is why regenerating asks first.
 */
export function CalendarFeed() {
  const headingId = useId();
  const url = useFeedUrl();
  const create = useNewFeedUrl();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);

  const copyText = useCopyText();
  const copy = async () => {
    if (!url) return;
    await copyText(url, {
      copied: 'Address copied',
      blocked: 'Copying is blocked here: select the address and copy it yourself.',
    });
  };

  const regenerate = () =>
    create.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.show('New address made: the old one no longer works.');
      },
    });

  return (
    <Card className={styles.card} aria-labelledby={headingId}>
      <div className={styles.head}>
        <span className={styles.icon} aria-hidden="true">
          <CalendarPlus size={22} />
        </span>
        <div>
          <h2 id={headingId} className={styles.heading}>
            Subscribe
          </h2>
          <p className={styles.text}>
            Follow your leave and the holidays in Google Calendar, Apple Calendar or Outlook: add
            this private address as a calendar subscription (“From URL”). Keep it to yourself —
            anyone with it can read these days.
          </p>
        </div>
      </div>
      {url ? (
        <>
          <TextField
            label="Calendar address"
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            spellCheck={false}
          />
          <div className={styles.actions}>
            <Button variant="primary" onClick={() => void copy()}>
              <Copy size={16} aria-hidden />
              Copy
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              <RefreshCw size={16} aria-hidden />
              Regenerate
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className={styles.note}>
            Each new address replaces the one made before, if any: a calendar app still using the
            old one stops updating.
          </p>
          <div className={styles.actions}>
            <Button variant="primary" loading={create.isPending} onClick={() => create.mutate()}>
              Get my calendar address
            </Button>
          </div>
          {create.isError && <Alert tone="error">{getErrorMessage(create.error)}</Alert>}
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Regenerate the address?"
        confirmLabel="Regenerate"
        pending={create.isPending}
        error={confirming ? create.error : undefined}
        onConfirm={regenerate}
        onClose={() => {
          setConfirming(false);
          create.reset();
        }}
      >
        <p>
          The current address stops working at once. Calendar apps subscribed to it stop updating
          until you give them the new one.
        </p>
      </ConfirmDialog>
    </Card>
  );
}
