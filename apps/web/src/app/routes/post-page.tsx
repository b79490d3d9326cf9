import { useEffect } from 'react';
import { useParams } from 'react-router';
import { POST_MESSAGES } from '@devplay/shared';
import { loadComments } from '../../features/posts/components/load-comments';
import { PostCard } from '../../features/posts/components/post-card';
import { PostLikers } from '../../features/posts/components/post-likers';
import { postIdOf } from '../../features/posts/feed-query';
import { isNotFound, usePost } from '../../features/posts/post-query';
import { usePostCountsLive } from '../../features/posts/use-live-feed';
import { useDrawnLater } from '../../lib/use-drawn-later';
import { SafetyActionsProvider } from '../../features/safety/components/safety-menu';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { NotFoundPage } from './not-found-page';
import { PageError, PageLoading } from './page-state';
import { Suggestions } from './suggestions';
import styles from './simple-page.module.css';

/** /post/:id: one post with its likes and its comments open. */
export function PostPage() {
  const { id = '' } = useParams();
  const postId = postIdOf(id);
  return Number.isNaN(postId) ? <NotFoundPage /> : <PostOfId key={postId} postId={postId} />;
}

function PostOfId({ postId }: { postId: number }) {
  const query = usePost(postId);
  usePostCountsLive({ postId });
  // The comments open with the post here: their code comes beside it, not after it.
  useEffect(() => void loadComments(), []);
  const data = useDrawnLater(query.data);
  const post = data?.pages[0]?.items[0];

  // Unknown, deleted before it was opened, or deleted while on screen.
  if (isNotFound(query.error) || (data && !post)) return <NotFoundPage />;
  let center;
  if (post) {
    center = (
      <div className={styles.narrow}>
        <PostCard post={post} standalone priorityImage />
        <PostLikers post={post} />
      </div>
    );
  } else if (query.isError)
    center = (
      <PageError text={POST_MESSAGES.errorLoadingPosts} onRetry={() => void query.refetch()} />
    );
  else center = <PageLoading label={POST_MESSAGES.loading} />;

  return (
    <>
      <title>{`${post?.title ?? 'Post'} · DevPlay`}</title>
      <SafetyActionsProvider>
        <ThreeColumnLayout center={center} right={<Suggestions placement="aside" />} />
      </SafetyActionsProvider>
    </>
  );
}
