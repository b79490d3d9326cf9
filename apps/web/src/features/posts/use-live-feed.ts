import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PostCounts } from '@devplay/shared';
import { KEEPS_NO_QUERY, type LiveQuery } from '../../lib/live-queries';
import { useLiveEvents } from '../../lib/use-live';
import { useFeed, type FeedKind } from './api';
import { updatePostInFeeds, trimFeedToFirstPage } from './post-cache';
import { postKeys, type FeedParams } from './post-keys';

const sameCounts = (a: PostCounts, b: PostCounts) =>
  a.likesCount === b.likesCount && a.commentsCount === b.commentsCount;

/** A feed, or one post's page. */
type ShownPosts = { feed: FeedParams } | { postId: number };

/**
 * What a screen of posts shows, read again when the socket opens (counts it may have missed).
 * One post's page is read at once: nothing moves under the reader. A feed on show is left as it
 * is, only marked stale: read again whole, posts published meanwhile would push what the reader
 * is reading down the page; it is read when next shown, and its "N new posts" button reloads it.
 */
const liveQueryOf = (shown: ShownPosts): LiveQuery =>
  'postId' in shown
    ? postKeys.post(shown.postId)
    : { queryKey: postKeys.feed(shown.feed), leaveOnScreen: true };

/**
 * Likes and comments by others reach the posts on screen (`post:counts`, at most one frame a
 * second). The server leaves a post out of the frames of the member who moved its counts in that
 * second: their answer carries them.
 */
export function usePostCountsLive(shown: ShownPosts) {
  const queryClient = useQueryClient();
  useLiveEvents([liveQueryOf(shown)], (event) => {
    if (event.type !== 'post:counts') return;
    for (const counts of event.data) {
      updatePostInFeeds(queryClient, counts.id, (post) =>
        sameCounts(post, counts) ? post : { ...post, ...counts },
      );
    }
  });
}

/**
 * Posts published since the feed was loaded (`feed:new`), for the "N new posts" button. A post by
 * someone followed shows in All too, so All counts every frame and Following its own. A frame
 * names the newest post of its second: a burst within one second counts once. What the feed
 * already shows (it was reloaded, by the button or otherwise) no longer counts.
 */
export function useNewPosts(feed: FeedKind) {
  const queryClient = useQueryClient();
  const posts = useFeed({ feed });
  const [heard, setHeard] = useState<number[]>([]);
  // The count is this hook's own; the feed it is compared with is PostFeed's to keep.
  useLiveEvents(KEEPS_NO_QUERY, (event) => {
    if (event.type !== 'feed:new') return;
    if (feed === 'following' && event.data.feed !== 'following') return;
    const { newest } = event.data;
    setHeard((ids) => (ids.includes(newest) ? ids : [...ids, newest]));
  });

  const shownIds = posts.data?.pages[0]?.items.map((post) => post.id) ?? [];
  const top = Math.max(0, ...shownIds);
  const count = posts.isSuccess ? heard.filter((id) => id > top).length : 0;

  /** The new posts at the top: the first page again, alone, and the reader taken there. */
  async function show() {
    window.scrollTo({ top: 0 });
    const key = postKeys.feed({ feed });
    trimFeedToFirstPage(queryClient, key);
    await queryClient.refetchQueries({ queryKey: key, exact: true });
    setHeard([]);
  }
  return { count, show };
}
