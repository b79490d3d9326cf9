import type { AdminComment } from '@devplay/shared';
import { formatDateTime } from '../../../lib/format-date-time';
import { deleteQuestions } from '../delete-questions';
import { AdminListPanel } from './admin-list-panel';
import styles from './admin.module.css';

function CommentRow({ comment }: { comment: AdminComment }) {
  return (
    <div className={styles.main}>
      <span className={styles.text}>{comment.text}</span>
      <span className={styles.meta}>
        {comment.author.username} on "{comment.postTitle}" · {formatDateTime(comment.createdAt)}
      </span>
    </div>
  );
}

/** Comments tab: text, author, the post's title, created. */
export function CommentsPanel() {
  return (
    <AdminListPanel<AdminComment>
      kind="comments"
      noun="comments"
      searchLabel="Search comments by text, author or post"
      loadError="Error loading comments"
      renderRow={(comment) => <CommentRow comment={comment} />}
      deleteLabel={(comment) => `Delete comment by ${comment.author.username}`}
      question={deleteQuestions.comment}
    />
  );
}
