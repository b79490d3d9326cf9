import { SAFETY_LIMITS, type Report, type ResolveReportInput } from '@devplay/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextareaField } from '../../../components/text-field';
import { useToast } from '../../../components/toast-context';
import { useResolveReport } from '../reports-api';
import { REPORTS_TEXTS, TARGET_NOUNS } from '../reports-texts';
import styles from './admin.module.css';
import { SuspensionDuration } from './suspension-duration';

export type Resolution = ResolveReportInput['action'];

/** What each action asks and says; `who` is the author, `noun` what was reported. */
function wordsFor(action: Resolution, report: Report) {
  const noun = TARGET_NOUNS[report.target.type];
  const who = report.target.author?.username ?? REPORTS_TEXTS.deletedMember;
  const others = report.reportsCount > 1 ? `All ${report.reportsCount} open reports` : 'The report';
  return {
    dismiss: {
      title: 'Dismiss this report?',
      text: `${others} on this ${noun} will be closed without action; each reporter is told it was reviewed.`,
      confirm: 'Dismiss',
      done: 'Report dismissed',
    },
    remove: {
      title: `Remove this ${noun}?`,
      text: `The ${noun} is deleted and ${who} is told. ${others} on it will be resolved.`,
      confirm: 'Remove',
      done: `The ${noun} was removed`,
    },
    warn: {
      title: `Warn ${who}?`,
      text: `${who} gets a notification with your note; the ${noun} stays.`,
      confirm: 'Send warning',
      done: `${who} was warned`,
    },
    suspend: {
      title: REPORTS_TEXTS.suspendTitle(who),
      text: REPORTS_TEXTS.suspendText(who),
      confirm: 'Suspend',
      done: REPORTS_TEXTS.suspended(who),
    },
  }[action];
}

const NOTE_FIELD = {
  dismiss: { label: REPORTS_TEXTS.note, hint: REPORTS_TEXTS.noteHint, required: false },
  remove: { label: REPORTS_TEXTS.note, hint: REPORTS_TEXTS.noteHint, required: false },
  warn: { label: REPORTS_TEXTS.warningNote, hint: REPORTS_TEXTS.warningHint, required: true },
  suspend: { label: REPORTS_TEXTS.reason, hint: REPORTS_TEXTS.suspensionHint, required: true },
} as const;

/**
 * The question before a report is resolved, with what the action needs: a note (the author's
 * warning, a suspension's reason) and how long a suspension lasts.
 */
export function ResolveDialog({
  report,
  action,
  onClose,
}: {
  report: Report;
  action: Resolution;
  onClose: () => void;
}) {
  const resolve = useResolveReport();
  const toast = useToast();
  const [note, setNote] = useState('');
  const [days, setDays] = useState<number | null>(7);
  const [noteError, setNoteError] = useState<string | undefined>();
  const words = wordsFor(action, report);
  const field = NOTE_FIELD[action];
  const tooLong = note.length > SAFETY_LIMITS.moderationNoteMax;

  const confirm = () => {
    const trimmed = note.trim();
    if (field.required && !trimmed) return setNoteError(REPORTS_TEXTS.required);
    const body: ResolveReportInput = { action, ...(trimmed ? { note: trimmed } : {}) };
    if (action === 'suspend' && days !== null) body.days = days;
    resolve.mutate(
      { id: report.id, ...body },
      {
        onSuccess: () => {
          toast.show(words.done, 'success');
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open
      title={words.title}
      confirmLabel={words.confirm}
      variant={action === 'remove' || action === 'suspend' ? 'danger' : 'primary'}
      pending={resolve.isPending}
      confirmDisabled={tooLong}
      error={resolve.error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <div className={styles.mapForm}>
        <p>{words.text}</p>
        {action === 'suspend' && <SuspensionDuration days={days} onChange={setDays} />}
        <TextareaField
          label={field.label}
          hint={field.hint}
          error={noteError}
          counter={{ length: note.length, max: SAFETY_LIMITS.moderationNoteMax }}
          value={note}
          rows={3}
          required={field.required}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteError(undefined);
          }}
        />
      </div>
    </ConfirmDialog>
  );
}
