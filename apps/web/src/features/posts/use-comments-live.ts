import { useRef } from 'react';
import { useLiveEvents } from '../../lib/use-live';
import type { useComments } from './api';
import { postKeys } from './post-keys';

/**
 * Comments others write or delete while the thread is open. Their `post:counts` frames carry
 * the post's new count; the member's own comments never come in one (their answer carries them),
 * so a frame whose count moved since the last one reads the thread again. Oldest first, new ones
 * land at the bottom and nothing above them moves; with pages still to load they come with "Load
 * more" instead. A socket that opens again reads the thread again too: frames may have been
 * missed.
 */
export function useCommentsLive(
  postId: number,
  comments: ReturnType<typeof useComments>,
  commentsCount: number,
) {
  const heard = useRef(commentsCount);

  useLiveEvents([postKeys.comments(postId)], (event) => {
    if (event.type !== 'post:counts') return;
    const counts = event.data.find((post) => post.id === postId);
    if (!counts || counts.commentsCount === heard.current) return;
    heard.current = counts.commentsCount;
    if (!comments.hasNextPage) void comments.refetch();
  });
}
