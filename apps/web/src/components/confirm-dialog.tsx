import type { ReactNode } from 'react';
import { getErrorMessage } from '../lib/error-message';
import { Alert } from './alert';
import { Button } from './button';
import { Modal } from './modal';
import styles from './confirm-dialog.module.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** The button that acts; danger for what cannot be undone (the default). */
  confirmLabel: ReactNode;
  /** Where declining is a choice of its own (Not now) rather than backing out. */
  cancelLabel?: string;
  variant?: 'danger' | 'primary';
  /** While the action runs its button spins and Cancel waits for the answer. */
  pending: boolean;
  /** Set until the action may run (a typed confirmation that does not match yet). */
  confirmDisabled?: boolean;
  /** A failed attempt, said inside the dialog so the member can try again or cancel. */
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** The one question asked before an action that cannot be taken back: Cancel, or do it. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  variant = 'danger',
  pending,
  confirmDisabled = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            variant={variant}
            onClick={onConfirm}
            disabled={confirmDisabled}
            loading={pending}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children || error ? (
        <>
          {children}
          {error ? (
            <Alert tone="error" className={styles.error}>
              {getErrorMessage(error)}
            </Alert>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
