import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Comment } from '@devplay/shared';
import { Avatar } from '../../../components/avatar';
import { useToast } from '../../../components/toast-context';
import { getErrorMessage } from '../../../lib/error-message';
import { useSession } from '../../../lib/session';
import { useDeleteComment } from '../api';
import { formatDateTime } from '../../../lib/format-date-time';
import styles from './comments.module.css';
import { paths } from '../../../app/paths';

export function CommentItem({ comment }: { comment: Comment }) {
  const { me } = useSession();
  const deleteComment = useDeleteComment();
  const toast = useToast();
  // SPEC §6: the button shows where the comment is the member's own; admins may remove any.
  const canDelete = !!me && (comment.userId === me.id || me.isAdmin);
  const profile = paths.user(comment.author.username);

  return (
    <li className={styles.comment}>
      <Link to={profile} className={styles.avatarLink} tabIndex={-1} aria-hidden="true">
        <Avatar src={comment.author.avatar} alt="" size="sm" />
      </Link>
      <div className={styles.body}>
        <div className={styles.meta}>
          <Link to={profile} className={styles.username}>
            {comment.author.username}
          </Link>
          <time className={styles.time} dateTime={comment.createdAt}>
            {formatDateTime(comment.createdAt)}
          </time>
        </div>
        <p className={styles.text}>{comment.text}</p>
      </div>
      {canDelete && (
        <button
          type="button"
          className={styles.delete}
          aria-label="Delete comment"
          title="Delete comment"
          disabled={deleteComment.isPending}
          onClick={() =>
            deleteComment.mutate(comment, {
              onError: (error) => toast.show(getErrorMessage(error), 'error'),
            })
          }
        >
          <Trash2 size={16} aria-hidden />
        </button>
      )}
    </li>
  );
}
