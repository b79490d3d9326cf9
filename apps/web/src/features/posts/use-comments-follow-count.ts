import { useEffect, useRef } from 'react';
import type { useComments } from './api';

/**
 * Comments others write or delete while the thread is open: the post's count moves live
 * (`post:counts`) before the thread knows, so a move the thread did not make itself reads it
 * again. Oldest first, new ones land at the bottom and nothing above them moves. With pages still
 * to load they arrive with "Load more" instead. The member's own comment is added or removed in
 * the same render as its count, so it reads nothing again.
 */
export function useCommentsFollowCount(
  comments: ReturnType<typeof useComments>,
  commentsCount: number,
) {
  const shown = comments.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  const seen = useRef({ count: commentsCount, shown });
  const { hasNextPage, isFetching, refetch } = comments;

  useEffect(() => {
    const before = seen.current;
    seen.current = { count: commentsCount, shown };
    const moved = commentsCount - before.count;
    if (moved === 0 || shown - before.shown === moved) return;
    if (!hasNextPage && !isFetching) void refetch();
  }, [commentsCount, shown, hasNextPage, isFetching, refetch]);
}
