import type { AdminPost } from '@devplay/shared';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format-date-time';
import { paths } from '../../../lib/paths';
import { deleteQuestions, plural } from '../delete-questions';
import { AdminListPanel } from './admin-list-panel';
import styles from './admin.module.css';

function PostRow({ post }: { post: AdminPost }) {
  return (
    <div className={styles.main}>
      <Link to={paths.user(post.author.username)} className={styles.name}>
        {post.title}
      </Link>
      <span className={styles.meta}>
        by {post.author.username} · {formatDateTime(post.createdAt)}
      </span>
      <span className={styles.meta}>
        {plural(post.likesCount, 'like')} · {plural(post.commentsCount, 'comment')}
      </span>
    </div>
  );
}

/** Posts tab: title (linking to the author's page, where the post is: there is no page per post), author, created, likes, comments. */
export function PostsPanel() {
  return (
    <AdminListPanel<AdminPost>
      kind="posts"
      noun="posts"
      searchLabel="Search posts by title or author"
      loadError="Error loading posts"
      renderRow={(post) => <PostRow post={post} />}
      deleteLabel={(post) => `Delete post ${post.title}`}
      question={deleteQuestions.post}
    />
  );
}
