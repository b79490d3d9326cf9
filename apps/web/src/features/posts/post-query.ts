import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Page, Post } from '@devplay/shared';
import { api, ApiRequestError } from '../../lib/api-client';
import { postKeys } from './post-keys';

/** Likers listed on a post's page; the rest are counted. */
const LIKERS_SHOWN = 20;

export const isNotFound = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 404;

/** One post as a feed of one (see postKeys.post); a 404 is final, as every 4xx is (query-client). */
export function usePost(postId: number) {
  return useInfiniteQuery({
    queryKey: postKeys.post(postId),
    queryFn: async ({ signal }): Promise<Page<Post>> => ({
      items: [await api.call('getPost', { params: { id: postId }, signal })],
      nextCursor: null,
    }),
    initialPageParam: null as string | null,
    getNextPageParam: () => null,
  });
}

/** Who liked the post, read again whenever its count changes (a like here or anyone's). */
export function usePostLikers(postId: number, likesCount: number) {
  return useQuery({
    queryKey: [...postKeys.likers(postId), 'page', likesCount],
    queryFn: ({ signal }) =>
      api.call('listLikers', { params: { postId }, query: { limit: LIKERS_SHOWN }, signal }),
    placeholderData: keepPreviousData,
  });
}
