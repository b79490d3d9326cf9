import type { ReactNode } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { getErrorMessage } from '../../../lib/error-message';
import styles from './confirm-delete-dialog.module.css';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** The one question asked before a message or a conversation goes. */
export function ConfirmDeleteDialog({
  open,
  title,
  children,
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDeleteDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={pending}>
            Delete
          </Button>
        </>
      }
    >
      {children}
      {error ? (
        <Alert tone="error" className={styles.error}>
          {getErrorMessage(error)}
        </Alert>
      ) : null}
    </Modal>
  );
}
