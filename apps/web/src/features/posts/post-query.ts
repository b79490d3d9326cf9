import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/api-client';
import { likersQuery, postQuery } from './feed-query';

export const isNotFound = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 404;

/** One post, as its page shows it; a 404 is final, as every 4xx is (query-client). */
export const usePost = (postId: number) => useInfiniteQuery(postQuery(postId));

/** Who liked the post; the list shown stays while a new count's is read. */
export const usePostLikers = (postId: number, likesCount: number) =>
  useQuery({ ...likersQuery(postId, likesCount), placeholderData: keepPreviousData });
