import { centsToEuros, formatEuro } from '@devplay/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { UserIdentity } from '../../../components/user-row';
import type { SendMoneyFormOutput } from '../send-money-values';
import styles from './confirm-send-dialog.module.css';

interface ConfirmSendDialogProps {
  /** The checked form values awaiting confirmation; `null` keeps the dialog closed. */
  review: SendMoneyFormOutput | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The last look before money leaves: who gets how much, and the note they will read. */
export function ConfirmSendDialog({ review, busy, onConfirm, onCancel }: ConfirmSendDialogProps) {
  const sum = review ? formatEuro(centsToEuros(review.amount)) : '';
  return (
    <ConfirmDialog
      open={review !== null}
      title="Confirm transfer"
      confirmLabel={`Send ${sum}`}
      variant="primary"
      pending={busy}
      onConfirm={onConfirm}
      // A running send cannot be called back, so the dialog stays until it has an answer.
      onClose={() => (busy ? undefined : onCancel())}
    >
      {review && (
        <div className={styles.summary}>
          <p>
            You are sending <strong className={styles.sum}>{sum}</strong> to
          </p>
          <div className={styles.recipient}>
            <UserIdentity user={review.recipient} />
          </div>
          {review.note ? <p className={styles.note}>“{review.note}”</p> : null}
        </div>
      )}
    </ConfirmDialog>
  );
}
