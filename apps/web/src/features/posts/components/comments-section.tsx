import { Suspense } from 'react';
import { Button } from '../../../components/button';
import { RetryAlert } from '../../../components/retry-alert';
import { Spinner } from '../../../components/spinner';
import { useDrawnAfterMount } from '../../../lib/use-drawn-after-mount';
import { useDrawnLater } from '../../../lib/use-drawn-later';
import { useComments } from '../api';
import { useCommentsLive } from '../use-comments-live';
import { CommentItem } from './comment-item';
import styles from './comments.module.css';
import { lazyNamed } from '../../../lib/lazy-named';

// Its code, and the form library's, load when comments are first opened, not with the feed.
const CommentForm = lazyNamed(() => import('./comment-form'), 'CommentForm');

const ERROR_LOADING_COMMENTS = 'Error loading comments';

/**
 * Mounted on the first expand only, which is when the comments load (SPEC §2). `commentsCount` is
 * the post's live count: others' new comments follow it.
 */
export function CommentsSection({
  postId,
  commentsCount,
}: {
  postId: number;
  commentsCount: number;
}) {
  const comments = useComments(postId, true);
  useCommentsLive(postId, comments, commentsCount);
  const data = useDrawnLater(comments.data);
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const failed = comments.isError && !comments.isFetchNextPageError;
  // The form follows in a commit of its own: the thread, or the post above it, is drawn first.
  const formDrawn = useDrawnAfterMount();

  return (
    <section className={styles.section} aria-label="Comments">
      {data === undefined && !failed && (
        <div className={styles.loading}>
          <Spinner size="sm" />
        </div>
      )}
      {failed && (
        <RetryAlert text={ERROR_LOADING_COMMENTS} onRetry={() => void comments.refetch()} />
      )}
      {data && items.length === 0 && <p className={styles.empty}>No comments yet. Be the first!</p>}
      {items.length > 0 && (
        <ul className={styles.list}>
          {items.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ul>
      )}
      {comments.isFetchNextPageError && (
        <p className={styles.empty} role="alert">
          {ERROR_LOADING_COMMENTS}
        </p>
      )}
      {comments.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          className={styles.more}
          loading={comments.isFetchingNextPage}
          onClick={() => void comments.fetchNextPage()}
        >
          Load more
        </Button>
      )}
      {formDrawn && (
        <Suspense fallback={<div className={styles.formSpace} />}>
          <CommentForm postId={postId} />
        </Suspense>
      )}
    </section>
  );
}
