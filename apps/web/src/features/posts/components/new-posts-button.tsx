import { ArrowUp } from 'lucide-react';
import type { FeedKind } from '../api';
import { useNewPosts } from '../use-live-feed';
import styles from './new-posts-button.module.css';

const newPostsLabel = (count: number) => `${count} new ${count === 1 ? 'post' : 'posts'}`;

/**
 * "N new posts" over the top of the feed while others publish; the feed itself stays where the
 * reader is until they ask. It floats (no height of its own), so appearing moves nothing.
 */
export function NewPostsButton({ feed }: { feed: FeedKind }) {
  const { count, show } = useNewPosts(feed);
  return (
    <div className={styles.bar} aria-live="polite">
      {count > 0 && (
        <button type="button" className={styles.button} onClick={() => void show()}>
          <ArrowUp size={16} aria-hidden />
          {newPostsLabel(count)}
        </button>
      )}
    </div>
  );
}
