import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, ApiRequestError } from '../../lib/api-client';
import { postQuery } from './feed-query';
import { postKeys } from './post-keys';

/** Likers listed on a post's page; the rest are counted. */
const LIKERS_SHOWN = 20;

export const isNotFound = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 404;

/** One post, as its page shows it; a 404 is final, as every 4xx is (query-client). */
export const usePost = (postId: number) => useInfiniteQuery(postQuery(postId));

/** Who liked the post, read again whenever its count changes (a like here or anyone's). */
export function usePostLikers(postId: number, likesCount: number) {
  return useQuery({
    queryKey: [...postKeys.likers(postId), 'page', likesCount],
    queryFn: ({ signal }) =>
      api.call('listLikers', { params: { postId }, query: { limit: LIKERS_SHOWN }, signal }),
    placeholderData: keepPreviousData,
  });
}
