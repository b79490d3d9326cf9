import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { POST_MESSAGES } from '@devplay/shared';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast-context';
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
      <ConfirmDialog
        open={confirming}
        title="Delete this post?"
        confirmLabel="Delete"
        pending={deletePost.isPending}
        error={deletePost.error}
        onConfirm={confirm}
        onClose={close}
      >
        <p>“{title}” will be removed for everyone, with its likes and comments.</p>
      </ConfirmDialog>
    </>
  );
}
