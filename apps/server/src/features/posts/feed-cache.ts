import type { Page, Post } from '@devplay/shared';
import { createHash } from 'node:crypto';
import { keptValues } from '../../lib/kept-values';

/**
 * The first pages of the feeds, kept for a moment: they are what members ask for first
 * and most often (every visit, every return to the tab).
 * - "All" is the same for every member but for `likedByMe`: it is read once and kept, and each
 *   member's likes among its posts are read once more and kept beside it.
 * - "Following" is each member's own, kept per member.
 *
 * Every write that changes what a feed card shows forgets them all on every process (the event
 * bus: `changesFeed` routes, member changes); the short lifetime bounds what a lost bus message
 * (Redis away) could leave stale.
 */
const FEED_CACHE_TTL_MS = 5_000;
/** Members whose likes on the "All" page, and whose "Following" page, are kept (≈10 KB each). */
const MAX_MEMBERS = 2_000;
/** Page sizes kept of "All" (1 to 100 may be asked for). */
const MAX_PAGE_SIZES = 100;

export type FeedSource = {
  /** The newest `limit` posts as nobody in particular sees them (`likedByMe` false). */
  newest: (limit: number) => Promise<Page<Post>>;
  /** Which of `postIds` the member likes. */
  likedAmong: (viewerId: number, postIds: number[]) => Promise<number[]>;
  /** The member's first page of the posts of those they follow, and their own. */
  following: (viewerId: number, limit: number) => Promise<Page<Post>>;
};

/** A page as one member sees it, and its ETag. */
type Viewed = { page: Page<Post>; etag: string };

const digestOf = (text: string) => createHash('sha1').update(text).digest('base64url').slice(0, 22);

/**
 * Weak: the same posts, however the answer is encoded. It is a digest of what the member sees,
 * so equal pages read at different times keep a browser's copy valid.
 */
const etagOf = (...parts: string[]) => `W/"${parts.join('.')}"`;

type SharedPage = {
  page: Page<Post>;
  digest: string;
  viewers: ReturnType<typeof keptValues<number, Viewed>>;
};

function seenBy(shared: SharedPage, viewerId: number, liked: number[]): Viewed {
  const likedSet = new Set(liked);
  const page =
    likedSet.size === 0
      ? shared.page
      : {
          ...shared.page,
          items: shared.page.items.map((post) =>
            likedSet.has(post.id) ? { ...post, likedByMe: true } : post,
          ),
        };
  // The member is in it, so a browser shared by two members never takes one's likes for the other's.
  const mine = digestOf(`${viewerId}:${[...likedSet].sort((a, b) => a - b).join(',')}`);
  return { page, etag: etagOf(shared.digest, mine) };
}

export function createFeedCache(source: FeedSource, ttlMs = FEED_CACHE_TTL_MS, now = Date.now) {
  const everyone = keptValues<number, SharedPage>({ ttlMs, now, maxEntries: MAX_PAGE_SIZES });
  const following = keptValues<string, Viewed>({ ttlMs, now, maxEntries: MAX_MEMBERS });

  return {
    async newest(viewerId: number, limit: number): Promise<Viewed> {
      const shared = await everyone.get(limit, async () => {
        const page = await source.newest(limit);
        const viewers = keptValues<number, Viewed>({ ttlMs, now, maxEntries: MAX_MEMBERS });
        return { page, digest: digestOf(JSON.stringify(page)), viewers };
      });
      // Kept inside the shared page, so they go when it goes.
      return shared.viewers.get(viewerId, async () => {
        const ids = shared.page.items.map((post) => post.id);
        return seenBy(shared, viewerId, await source.likedAmong(viewerId, ids));
      });
    },
    following(viewerId: number, limit: number): Promise<Viewed> {
      return following.get(`${viewerId}:${limit}`, async () => {
        const page = await source.following(viewerId, limit);
        return { page, etag: etagOf(digestOf(JSON.stringify(page))) };
      });
    },
    forget() {
      everyone.forget();
      following.forget();
    },
  };
}
