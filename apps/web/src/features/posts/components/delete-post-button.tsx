import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { POST_MESSAGES } from '@devplay/shared';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { useToast } from '../../../components/toast-context';
import { getErrorMessage } from '../../../lib/error-message';
import { useDeletePost } from '../api';
import styles from './post-card.module.css';

/** Deleting takes the likes and comments with it and cannot be undone, hence the question. */
export function DeletePostButton({ postId, title }: { postId: number; title: string }) {
  const [confirming, setConfirming] = useState(false);
  const deletePost = useDeletePost();
  const toast = useToast();

  const close = () => {
    setConfirming(false);
    deletePost.reset();
  };
  const confirm = () =>
    deletePost.mutate(postId, {
      // The card disappears with the post, so the toast is what confirms it.
      onSuccess: () => toast.show(POST_MESSAGES.deleted, 'success'),
    });

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className={styles.deleteButton}
        onClick={() => setConfirming(true)}
        aria-label={`Delete post: ${title}`}
      >
        <Trash2 size={16} aria-hidden />
        <span className={styles.deleteText}>Delete</span>
      </Button>
      <Modal
        open={confirming}
        title="Delete this post?"
        onClose={close}
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={deletePost.isPending}>
              Cancel
            </Button>
            <Button variant="danger" onClick={confirm} loading={deletePost.isPending}>
              Delete
            </Button>
          </>
        }
      >
        <p>“{title}” will be removed for everyone, with its likes and comments.</p>
        {deletePost.isError && (
          <Alert tone="error" className={styles.modalError}>
            {getErrorMessage(deletePost.error)}
          </Alert>
        )}
      </Modal>
    </>
  );
}
