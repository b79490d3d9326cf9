import { POST_MESSAGES, type Post } from '@devplay/shared';
import { Card } from '../../../components/card';
import { RetryAlert } from '../../../components/retry-alert';
import { Spinner } from '../../../components/spinner';
import { UserRow } from '../../../components/user-row';
import { useDrawnAfterMount } from '../../../lib/use-drawn-after-mount';
import { usePostLikers } from '../post-query';
import styles from './post-likers.module.css';

/** A post's likes spelled out on its page: who liked it, newest first, and how many more. */
export function PostLikers({ post }: { post: Post }) {
  const likers = usePostLikers(post.id, post.likesCount);
  const headingId = `likers-${post.id}`;
  const shown = likers.data?.data ?? [];
  const more = (likers.data?.total ?? 0) - shown.length;
  const drawn = useDrawnAfterMount();

  // Drawn in the commit after the post's, with the comment form: the post reaches the screen first.
  if (!drawn) return null;
  let body;
  if (likers.isPending) body = <Spinner size="sm" label={POST_MESSAGES.loading} />;
  else if (likers.isError)
    body = (
      <RetryAlert text={POST_MESSAGES.errorLoadingLikes} onRetry={() => void likers.refetch()} />
    );
  else if (shown.length === 0) body = <p className={styles.muted}>{POST_MESSAGES.noLikes}</p>;
  else {
    body = (
      <>
        <ul className={styles.list}>
          {shown.map(({ fromUser }) => (
            <li key={fromUser.id}>
              <UserRow user={fromUser} />
            </li>
          ))}
        </ul>
        {more > 0 && <p className={styles.muted}>and {more} more</p>}
      </>
    );
  }

  return (
    <Card aria-labelledby={headingId} className={styles.card}>
      <h2 id={headingId} className={styles.heading}>
        Likes ({post.likesCount})
      </h2>
      {body}
    </Card>
  );
}
