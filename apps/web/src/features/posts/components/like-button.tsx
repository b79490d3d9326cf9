import { Heart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { POST_MESSAGES, TIMINGS, type Post } from '@devplay/shared';
import { useToast } from '../../../components/toast-context';
import { getErrorMessage } from '../../../lib/error-message';
import { fetchLikers, postKeys, useToggleLike } from '../api';
import { AvatarPopup } from '../../../components/avatar-popup';
import styles from './like-button.module.css';

const likesLabel = (count: number) => `${count} ${count === 1 ? 'like' : 'likes'}`;

/** The heart (SPEC §4: flips at once, flashes 400 ms) and the count with its likers popup. */
export function LikeButton({ post }: { post: Post }) {
  const toggleLike = useToggleLike();
  const toast = useToast();
  const [flashing, setFlashing] = useState(false);
  const flashTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(flashTimer.current), []);

  const onClick = () => {
    window.clearTimeout(flashTimer.current);
    setFlashing(true);
    flashTimer.current = window.setTimeout(() => setFlashing(false), TIMINGS.likeFlashMs);
    toggleLike.mutate(
      { postId: post.id, like: !post.likedByMe },
      { onError: (error) => toast.show(getErrorMessage(error), 'error') },
    );
  };

  return (
    <div className={styles.like}>
      <button
        type="button"
        className={[styles.heart, post.likedByMe && styles.liked, flashing && styles.flash]
          .filter(Boolean)
          .join(' ')}
        aria-pressed={post.likedByMe}
        aria-label="Like"
        onClick={onClick}
      >
        <Heart size={20} aria-hidden fill={post.likedByMe ? 'currentColor' : 'none'} />
      </button>
      <AvatarPopup
        queryKey={postKeys.likers(post.id)}
        load={() => fetchLikers(post.id)}
        emptyText={POST_MESSAGES.noLikes}
        errorText={POST_MESSAGES.errorLoadingLikes}
        loadingText={POST_MESSAGES.loading}
        label="People who liked this post"
      >
        {({ open, popupId }) => (
          <button
            type="button"
            className={styles.count}
            aria-label={`${likesLabel(post.likesCount)}, show who liked it`}
            aria-expanded={open}
            aria-controls={open ? popupId : undefined}
          >
            {post.likesCount}
          </button>
        )}
      </AvatarPopup>
    </div>
  );
}
