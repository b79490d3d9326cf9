import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePostInput } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { replaceComment, updatePostInFeeds } from './post-cache';

/** The edited post replaces the old one in every cached list and on its page, at once. */
export function useEditPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, body }: { postId: number; body: UpdatePostInput }) =>
      api.call('updatePost', { params: { id: postId }, body }),
    onSuccess: (post) => updatePostInFeeds(queryClient, post.id, () => post),
  });
}

export function useEditComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, text }: { commentId: number; text: string }) =>
      api.call('updateComment', { params: { id: commentId }, body: { text } }),
    onSuccess: (comment) => replaceComment(queryClient, comment),
  });
}
