import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { canDeleteComment, COMMENT_MESSAGES, type Comment } from '@devplay/shared';
import { Avatar } from '../../../components/avatar';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast-context';
import { displayName, handle } from '../../../lib/member-name';
import { useSession } from '../../../lib/session';
import { useDeleteComment } from '../api';
import { formatDateTime } from '../../../lib/format-date-time';
import styles from './comments.module.css';
import { paths } from '../../../lib/paths';

export function CommentItem({ comment }: { comment: Comment }) {
  const { me } = useSession();
  const [confirming, setConfirming] = useState(false);
  const deleteComment = useDeleteComment();
  const toast = useToast();
  // The button shows exactly where the server would allow it.
  const canDelete = !!me && canDeleteComment(me, comment);
  const { author } = comment;
  const profile = paths.user(author.username);

  const close = () => {
    setConfirming(false);
    deleteComment.reset();
  };
  // A deleted comment cannot come back, so it is asked first, as for posts.
  const confirm = () =>
    deleteComment.mutate(comment, {
      // The comment disappears with the dialog, so the toast is what confirms it.
      onSuccess: () => toast.show(COMMENT_MESSAGES.deleted, 'success'),
    });

  return (
    <li className={styles.comment}>
      <Link to={profile} className={styles.avatarLink} tabIndex={-1} aria-hidden="true">
        <Avatar src={author.avatar} alt="" size="sm" />
      </Link>
      <div className={styles.body}>
        <div className={styles.meta}>
          <Link to={profile} className={styles.name}>
            {displayName(author)}
          </Link>
          <span className={styles.handle}>{handle(author.username)}</span>
          <time className={styles.time} dateTime={comment.createdAt}>
            {formatDateTime(comment.createdAt)}
          </time>
        </div>
        <p className={styles.text}>{comment.text}</p>
      </div>
      {canDelete && (
        <>
          <button
            type="button"
            className={styles.delete}
            aria-label="Delete comment"
            title="Delete comment"
            onClick={() => setConfirming(true)}
          >
            <Trash2 size={16} aria-hidden />
          </button>
          <ConfirmDialog
            open={confirming}
            title="Delete this comment?"
            confirmLabel="Delete"
            pending={deleteComment.isPending}
            error={deleteComment.error}
            onConfirm={confirm}
            onClose={close}
          >
            <p>It will be removed for everyone.</p>
          </ConfirmDialog>
        </>
      )}
    </li>
  );
}
