import { useId, useState } from 'react';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  SAFETY_LIMITS,
  SAFETY_MESSAGES,
  type ReportInput,
  type ReportReason,
  type UserSummary,
} from '@devplay/shared';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FieldError } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { TextareaField } from '../../../components/text-field';
import { useBlock, useReport } from '../api';
import { SAFETY_TEXTS } from '../safety-texts';
import styles from './safety.module.css';

export type ReportTarget = Pick<ReportInput, 'targetType' | 'targetId'>;

interface ReportDialogProps {
  target: ReportTarget;
  /** Who wrote what is reported (the member themselves for a member report). */
  member: UserSummary;
  /** The viewer already blocks them: the thanks offers no block. */
  blocked?: boolean;
  onClose: () => void;
}

/**
 * A report in two steps: the reason and an optional note, then the thanks with the offer to block
 * the member, since whoever reports someone often wants no more of them.
 */
export function ReportDialog({ target, member, blocked = false, onClose }: ReportDialogProps) {
  const report = useReport();
  const block = useBlock();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const legendId = useId();
  const errorId = useId();
  const { username } = member;

  if (report.isSuccess) {
    const close = () => {
      if (!block.isPending) onClose();
    };
    if (blocked) {
      return (
        <Modal
          open
          title={SAFETY_MESSAGES.reportThanks}
          onClose={onClose}
          actions={<Button onClick={onClose}>{SAFETY_TEXTS.close}</Button>}
        />
      );
    }
    return (
      <ConfirmDialog
        open
        title={SAFETY_MESSAGES.reportThanks}
        confirmLabel={SAFETY_TEXTS.block(username)}
        cancelLabel={SAFETY_TEXTS.notNow}
        pending={block.isPending}
        error={block.error}
        onConfirm={() => block.mutate(member, { onSuccess: onClose })}
        onClose={close}
      >
        <p className={styles.strong}>{SAFETY_TEXTS.reportBlockOffer(username)}</p>
        <p>{SAFETY_TEXTS.blockLead}</p>
      </ConfirmDialog>
    );
  }

  const send = () => {
    if (!reason) return setReasonMissing(true);
    const text = note.trim();
    report.mutate({ ...target, reason, ...(text ? { text } : {}) });
  };
  const close = () => {
    if (!report.isPending) onClose();
  };

  return (
    <ConfirmDialog
      open
      title={SAFETY_TEXTS.reportTitle[target.targetType](username)}
      confirmLabel={SAFETY_TEXTS.reportAction}
      variant="primary"
      pending={report.isPending}
      confirmDisabled={note.length > SAFETY_LIMITS.reportTextMax}
      error={report.error}
      onConfirm={send}
      onClose={close}
    >
      <div className={styles.form}>
        <p>{SAFETY_TEXTS.reportLead}</p>
        <fieldset
          className={styles.reasons}
          aria-labelledby={legendId}
          aria-describedby={reasonMissing ? errorId : undefined}
        >
          <legend id={legendId} className={styles.legend}>
            {SAFETY_TEXTS.reportReason}
          </legend>
          {REPORT_REASONS.map((option) => (
            <label key={option} className={styles.check}>
              <input
                type="radio"
                name={legendId}
                value={option}
                checked={reason === option}
                onChange={() => {
                  setReason(option);
                  setReasonMissing(false);
                }}
              />
              {REPORT_REASON_LABELS[option]}
            </label>
          ))}
          {reasonMissing && (
            <FieldError id={errorId}>{SAFETY_TEXTS.reportReasonMissing}</FieldError>
          )}
        </fieldset>
        <TextareaField
          label={SAFETY_TEXTS.reportNote}
          hint={SAFETY_TEXTS.reportNoteHint}
          counter={{ length: note.length, max: SAFETY_LIMITS.reportTextMax }}
          value={note}
          rows={3}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
