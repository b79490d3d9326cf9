import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  canDeleteComment,
  canEditComment,
  type Comment,
  COMMENT_MESSAGES,
  displayName,
  handle,
} from '@devplay/shared';
import { Avatar } from '../../../components/avatar';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LinkedText } from '../../../components/linked-text';
import { MemberActions } from '../../../components/member-actions';
import { useToast } from '../../../components/toast-context';
import { useSession } from '../../../lib/session';
import { useDeleteComment } from '../api';
import { formatDateTime } from '../../../lib/format-date-time';
import { CommentEditor } from './comment-editor';
import editorStyles from './comment-editor.module.css';
import { EditedMark } from './edited-mark';
import styles from './comments.module.css';
import { paths } from '../../../lib/paths';

export function CommentItem({ comment }: { comment: Comment }) {
  const { me } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // Saved or cancelled, focus goes back to the pencil that opened the editor.
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const deleteComment = useDeleteComment();
  const toast = useToast();
  // The button shows exactly where the server would allow it.
  const canDelete = !!me && canDeleteComment(me, comment);
  const canEdit = !!me && canEditComment(me, comment);
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
          <EditedMark editedAt={comment.editedAt} className={editorStyles.edited} />
        </div>
        {editing ? (
          <CommentEditor comment={comment} onDone={() => setEditing(false)} />
        ) : (
          <p className={styles.text}>
            <LinkedText text={comment.text} mentions />
          </p>
        )}
      </div>
      <div className={styles.actions}>
        {me && me.id !== author.id && (
          <MemberActions
            member={author}
            on="comment"
            report={{ targetType: 'comment', targetId: comment.id }}
          />
        )}
        {canEdit && !editing && (
          <button
            ref={editButton}
            type="button"
            className={editorStyles.editButton}
            aria-label="Edit comment"
            title="Edit comment"
            onClick={() => setEditing(true)}
          >
            <Pencil size={16} aria-hidden />
          </button>
        )}
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
      </div>
    </li>
  );
}
