import { useId, useState } from 'react';
import type { UserSummary } from '@devplay/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useMute } from '../api';
import { SAFETY_TEXTS } from '../safety-texts';
import styles from './safety.module.css';

interface MuteDialogProps {
  member: UserSummary;
  open: boolean;
  onClose: () => void;
}

/** A mute hides the member's posts and comments; their notifications too unless unticked. */
export function MuteDialog({ member, open, onClose }: MuteDialogProps) {
  const mute = useMute();
  const checkboxId = useId();
  const [notifications, setNotifications] = useState(true);
  const finish = () => {
    mute.reset();
    // The next time it opens, it asks afresh.
    setNotifications(true);
    onClose();
  };
  const close = () => {
    if (!mute.isPending) finish();
  };
  return (
    <ConfirmDialog
      open={open}
      title={SAFETY_TEXTS.muteTitle(member.username)}
      confirmLabel={SAFETY_TEXTS.muteAction}
      variant="primary"
      pending={mute.isPending}
      error={mute.error}
      onConfirm={() => mute.mutate({ member, notifications }, { onSuccess: finish })}
      onClose={close}
    >
      <p>{SAFETY_TEXTS.muteLead}</p>
      <label htmlFor={checkboxId} className={styles.check}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={notifications}
          onChange={(event) => setNotifications(event.target.checked)}
        />
        {SAFETY_TEXTS.muteNotifications}
      </label>
    </ConfirmDialog>
  );
}
