import { MessageCircle } from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { canDeletePost, canEditPost, displayName, handle, type Post } from '@devplay/shared';
import { Avatar } from '../../../components/avatar';
import { Card } from '../../../components/card';
import { LinkedText } from '../../../components/linked-text';
import { MemberActions } from '../../../components/member-actions';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/format-date-time';
import { Spinner } from '../../../components/spinner';
import { DeletePostButton } from './delete-post-button';
import { EditedMark } from './edited-mark';
import { EditPostButton } from './edit-post-button';
import { LikeButton } from './like-button';
import { loadComments } from './load-comments';
import { PostMedia } from './post-media';
import commentStyles from './comments.module.css';
import styles from './post-card.module.css';
import { paths } from '../../../lib/paths';
import { lazyNamed } from '../../../lib/lazy-named';

const CommentsSection = lazyNamed(() => loadComments(), 'CommentsSection');

interface PostCardProps {
  post: Post;
  /** Its picture is the feed's first: loaded at once, ahead of the rest. */
  priorityImage?: boolean;
  /** On its own page: the title is no link there, and the comments start open. */
  standalone?: boolean;
}

export function PostCard({ post, priorityImage = false, standalone = false }: PostCardProps) {
  const { me } = useSession();
  const [commentsOpen, setCommentsOpen] = useState(standalone);
  // Comments load on the first expand and stay mounted after it, so closing keeps them.
  const [commentsLoaded, setCommentsLoaded] = useState(standalone);
  const titleId = useId();
  const commentsId = useId();
  const { author } = post;
  const profile = paths.user(author.username);
  // DELETE shows exactly where the server would allow it.
  const canDelete = !!me && canDeletePost(me, { authorId: author.id });
  const canEdit = !!me && canEditPost(me, { authorId: author.id });
  // The post is its page's heading; in a feed, the feed is.
  const Title = standalone ? 'h1' : 'h2';

  const toggleComments = () => {
    setCommentsLoaded(true);
    setCommentsOpen((open) => !open);
  };

  return (
    <Card as="article" className={styles.card} aria-labelledby={titleId}>
      <header className={styles.header}>
        <Link to={profile} className={styles.author}>
          <Avatar src={author.avatar} alt="" />
          <span className={styles.names}>
            <span className={styles.fullName}>{displayName(author)}</span>
            <span className={styles.username}>{handle(author.username)}</span>
          </span>
        </Link>
        <span className={styles.end}>
          <span className={styles.stamps}>
            <time className={styles.time} dateTime={post.createdAt}>
              {formatDateTime(post.createdAt)}
            </time>
            <EditedMark editedAt={post.editedAt} className={styles.edited} />
          </span>
          {me && me.id !== author.id && (
            <MemberActions
              member={author}
              on="post"
              report={{ targetType: 'post', targetId: post.id }}
            />
          )}
        </span>
      </header>

      <Title id={titleId} className={styles.title}>
        {standalone ? (
          post.title
        ) : (
          <Link to={paths.post(post.id)} className={styles.titleLink}>
            {post.title}
          </Link>
        )}
      </Title>
      <p className={styles.description}>
        <LinkedText text={post.description} mentions />
      </p>
      <PostMedia
        image={post.image}
        video={post.video}
        title={post.title}
        imageAlt={post.imageAlt}
        priority={priorityImage}
      />

      <footer className={styles.actions}>
        <LikeButton post={post} />
        <button
          type="button"
          className={styles.commentsToggle}
          aria-expanded={commentsOpen}
          aria-controls={commentsLoaded ? commentsId : undefined}
          onClick={toggleComments}
        >
          <MessageCircle size={18} aria-hidden />
          Comments ({post.commentsCount})
        </button>
        {(canEdit || canDelete) && (
          <span className={styles.ownerActions}>
            {canEdit && <EditPostButton post={post} />}
            {canDelete && <DeletePostButton postId={post.id} title={post.title} />}
          </span>
        )}
      </footer>

      {commentsLoaded && (
        <div id={commentsId} hidden={!commentsOpen}>
          <Suspense
            fallback={
              <div className={commentStyles.section}>
                <div className={commentStyles.loading}>
                  <Spinner size="sm" />
                </div>
              </div>
            }
          >
            <CommentsSection postId={post.id} commentsCount={post.commentsCount} />
          </Suspense>
        </div>
      )}
    </Card>
  );
}
