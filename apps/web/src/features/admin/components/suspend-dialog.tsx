import { SAFETY_LIMITS, type AdminUser } from '@devplay/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextareaField } from '../../../components/text-field';
import { useToast } from '../../../components/toast-context';
import { useSuspension } from '../api';
import { REPORTS_TEXTS } from '../reports-texts';
import styles from './admin.module.css';
import { SuspensionDuration } from './suspension-duration';

/** Suspending a member from the Users tab: how long, and why (required, for the audit log). */
export function SuspendDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { suspend } = useSuspension();
  const toast = useToast();
  const [days, setDays] = useState<number | null>(7);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const confirm = () => {
    const trimmed = reason.trim();
    if (!trimmed) return setReasonError(REPORTS_TEXTS.required);
    suspend.mutate(
      { id: user.id, reason: trimmed, ...(days === null ? {} : { days }) },
      {
        onSuccess: () => {
          toast.show(REPORTS_TEXTS.suspended(user.username), 'success');
          onClose();
        },
      },
    );
  };
  const close = () => {
    if (!suspend.isPending) onClose();
  };

  return (
    <ConfirmDialog
      open
      title={REPORTS_TEXTS.suspendTitle(user.username)}
      confirmLabel="Suspend"
      pending={suspend.isPending}
      confirmDisabled={reason.length > SAFETY_LIMITS.moderationNoteMax}
      error={suspend.error}
      onConfirm={confirm}
      onClose={close}
    >
      <div className={styles.mapForm}>
        <p>{REPORTS_TEXTS.suspendText(user.username)}</p>
        <SuspensionDuration days={days} onChange={setDays} />
        <TextareaField
          label={REPORTS_TEXTS.reason}
          hint={REPORTS_TEXTS.suspensionHint}
          error={reasonError}
          counter={{ length: reason.length, max: SAFETY_LIMITS.moderationNoteMax }}
          value={reason}
          rows={3}
          required
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(undefined);
          }}
        />
      </div>
    </ConfirmDialog>
  );
}
