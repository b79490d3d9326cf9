import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { LIMITS, type Comment, type CreatePostInput, type UserSummary } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { refreshMe } from '../../lib/session';
import { commentsQuery, feedQuery } from './feed-query';
import {
  appendComment,
  findPostInFeeds,
  removeComment,
  removePostFromFeeds,
  updatePostInFeeds,
} from './post-cache';
import { postKeys, type FeedParams } from './post-keys';

// The contract names these here; their code lives in smaller files.
export { postKeys, type FeedKind } from './post-keys';

export function useFeed(params: FeedParams) {
  return useInfiniteQuery(feedQuery(params));
}

export function usePublishPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePostInput) => api.call('createPost', { body: input }),
    // SPEC §4: after publishing the feed reloads.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.feeds() }),
        // The posts counter of the mini-profile lives in the session's profile.
        refreshMe(queryClient),
      ]),
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: number) => api.call('deletePost', { params: { id: postId } }),
    onSuccess: (_answer, postId) => {
      removePostFromFeeds(queryClient, postId);
      queryClient.removeQueries({ queryKey: postKeys.comments(postId) });
      queryClient.removeQueries({ queryKey: postKeys.likers(postId) });
      void refreshMe(queryClient);
    },
  });
}

const LIKE_MUTATION_KEY = [...postKeys.all, 'like'] as const;

interface ToggleLikeInput {
  postId: number;
  /** true to like, false to take the like back. */
  like: boolean;
}

/**
 * SPEC §4: the count and the heart change at once in every cached feed; a refusal puts back
 * what the post showed before the click.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: LIKE_MUTATION_KEY,
    mutationFn: ({ postId, like }: ToggleLikeInput) =>
      like
        ? api.call('likePost', { body: { post_id: postId } })
        : api.call('unlikePost', { params: { postId } }),
    onMutate: async ({ postId, like }) => {
      await queryClient.cancelQueries({ queryKey: postKeys.feeds() });
      const before = findPostInFeeds(queryClient, postId);
      updatePostInFeeds(queryClient, postId, (post) =>
        post.likedByMe === like
          ? post
          : {
              ...post,
              likedByMe: like,
              likesCount: Math.max(0, post.likesCount + (like ? 1 : -1)),
            },
      );
      return { before };
    },
    onError: (_error, { postId }, context) => {
      const before = context?.before;
      if (!before) return;
      const { likedByMe, likesCount } = before;
      updatePostInFeeds(queryClient, postId, (post) => ({ ...post, likedByMe, likesCount }));
    },
    onSuccess: (state, { postId }) => {
      // The answer to an older click must not undo a newer click that is still on its way.
      const pending = queryClient.isMutating({
        mutationKey: LIKE_MUTATION_KEY,
        predicate: (mutation) =>
          (mutation.state.variables as ToggleLikeInput | undefined)?.postId === postId,
      });
      if (pending > 1) return;
      updatePostInFeeds(queryClient, postId, (post) => ({ ...post, ...state }));
    },
    onSettled: (_state, _error, { postId }) =>
      queryClient.invalidateQueries({ queryKey: postKeys.likers(postId) }),
  });
}

interface UserSample {
  users: UserSummary[];
  total: number;
}

/** The first few likers (as many as the popup shows) and how many there are in all. */
export async function fetchLikers(postId: number): Promise<UserSample> {
  const answer = await api.call('listLikers', {
    params: { postId },
    query: { limit: LIMITS.popupAvatarsMax },
  });
  return { users: answer.data.map((entry) => entry.fromUser), total: answer.total };
}

export const useComments = (postId: number, enabled: boolean) =>
  useInfiniteQuery({ ...commentsQuery(postId), enabled });

const changeCommentsCount = (queryClient: QueryClient, postId: number, delta: number) =>
  updatePostInFeeds(queryClient, postId, (post) => ({
    ...post,
    commentsCount: Math.max(0, post.commentsCount + delta),
  }));

export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { postId: number; text: string }) =>
      api.call('createComment', { body: input }),
    onSuccess: (comment) => {
      changeCommentsCount(queryClient, comment.postId, 1);
      if (!appendComment(queryClient, comment)) {
        return queryClient.invalidateQueries({ queryKey: postKeys.comments(comment.postId) });
      }
    },
  });
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: Comment) => api.call('deleteComment', { params: { id: comment.id } }),
    onSuccess: (_answer, comment) => {
      removeComment(queryClient, comment);
      changeCommentsCount(queryClient, comment.postId, -1);
    },
  });
}
