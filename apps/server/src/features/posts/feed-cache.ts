import type { Page, Post } from '@devplay/shared';
import { createHash } from 'node:crypto';
import { waitedInLine } from '../../db/request-turns';
import { setNewest } from '../../lib/newest-first-out';

/**
 * The first pages of the feeds, kept: they are what members ask for first and most often (every
 * visit, every return to the tab). "All" is one page per page size for everyone who blocks,
 * is blocked by and mutes nobody; a member with such relations keeps their own, which the same
 * request's check tells apart. "Following" is each member's own. Blocking, muting and their
 * undoing move the feed's version, so no kept page shows a post hidden from its reader.
 *
 * A kept page is the set of posts and what their cards say, under the feed's version
 * (db/feed-version.ts), which every write that changes those moves before it answers. Each
 * request reads the version and the posts' counts and the member's likes in one statement by
 * primary key: the counts move with every like and comment, too often to keep, and a member's own
 * like, comment, post or new name shows in their next answer on whichever process serves it,
 * since the version is the database's, not a message that may still be on its way.
 */
export type CardCounts = Pick<Post, 'likesCount' | 'commentsCount' | 'likedByMe'>;

/**
 * The feed's version now, the counts of those of the posts asked for that still exist, and
 * whether the viewer blocks, is blocked by or mutes anyone (`related`): such a member's "All"
 * leaves posts out, so it is not the page everyone shares.
 */
export type FreshState = { version: number; related: boolean; counts: Map<number, CardCounts> };

export type FeedSource = {
  /** One statement; the version comes with it even when none of `postIds` exists. */
  fresh: (viewerId: number, postIds: number[]) => Promise<FreshState>;
  /** `fresh` answers the same object again while nothing changed (PGlite's kept checks). */
  keepsChecks: boolean;
  /** The newest `limit` posts as the member sees them (without those hidden from them). */
  newest: (viewerId: number, limit: number) => Promise<Page<Post>>;
  /** The member's first page of the posts of those they follow, and their own. */
  following: (viewerId: number, limit: number) => Promise<Page<Post>>;
};

/** Pages kept: "All" at each page size asked for, and members' "Following" (≈10 KB each). */
const MAX_PAGES = 2_000;

/**
 * A page as one member sees it, and its ETag. `lasting`: the same object is shown again while
 * the source's kept check holds, so its body may be written once (`sendWrittenOnce`).
 */
type Viewed = { page: Page<Post>; etag: string; lasting: boolean };

/** A page read under `version`; `digest` covers all it shows but the counts. */
type Kept = { version: number; page: Page<Post>; digest: string };
/** `reading` until the page is in. */
type Slot = { version: number; kept: Promise<Kept>; reading: boolean };

const digestOf = (text: string) => createHash('sha1').update(text).digest('base64url').slice(0, 22);

const idsOf = (page: Page<Post>) => page.items.map((post) => post.id);

function countsOf(page: Page<Post>) {
  return new Map(
    page.items.map(({ id, likesCount, commentsCount, likedByMe }) => [
      id,
      { likesCount, commentsCount, likedByMe },
    ]),
  );
}

function keep(version: number, page: Page<Post>): Kept {
  const uncounted = page.items.map(
    ({ likesCount: _l, commentsCount: _c, likedByMe: _m, ...rest }) => rest,
  );
  return { version, page, digest: digestOf(JSON.stringify([uncounted, page.nextCursor])) };
}

/** A deleted post moves the version too, but a post missing from the counts settles it. */
const isCurrent = (kept: Kept, fresh: FreshState) =>
  fresh.version === kept.version && kept.page.items.every((post) => fresh.counts.has(post.id));

/**
 * Weak: the same posts, however the answer is encoded. The member is in it, so a browser shared
 * by two members never takes one's likes for the other's.
 */
function seenBy(
  kept: Kept,
  viewerId: number,
  counts: Map<number, CardCounts>,
  lasting = false,
): Viewed {
  const items = kept.page.items.map((post) => ({ ...post, ...counts.get(post.id) }));
  const figures = items.map((p) => `${p.id}:${p.likesCount}:${p.commentsCount}:${+p.likedByMe}`);
  const mine = digestOf(`${viewerId}|${figures.join(',')}`);
  return { page: { ...kept.page, items }, etag: `W/"${kept.digest}.${mine}"`, lasting };
}

export function createFeedCache(source: FeedSource) {
  const slots = new Map<string, Slot>();
  /**
   * A check the source kept (PGlite answers the same state until a write, feed-fresh.ts) shows
   * the same page again: the same object, so the route can send the body it wrote for it before.
   * Where every check is a new answer (PostgreSQL) nothing could be found again: nothing is kept.
   */
  const views = new WeakMap<FreshState, { kept: Kept; viewerId: number; viewed: Viewed }>();
  function viewOf(kept: Kept, viewerId: number, fresh: FreshState) {
    if (!source.keepsChecks) return seenBy(kept, viewerId, fresh.counts);
    const seen = views.get(fresh);
    if (seen?.kept === kept && seen.viewerId === viewerId) return seen.viewed;
    const viewed = seenBy(kept, viewerId, fresh.counts, true);
    views.set(fresh, { kept, viewerId, viewed });
    return viewed;
  }
  /**
   * The version the last check read. A page read after it holds every write up to it (each
   * commits before it moves the version), so a page may be kept under it without a statement of
   * its own; one kept under an older version is known stale without asking. The last, not the
   * largest: a restored database starts its version again. Read once before the first page.
   */
  let lastSeen: number | undefined;

  /** Reads the page and keeps it under `version` for the requests that come after. */
  function fill(key: string, version: number, read: () => Promise<Page<Post>>) {
    const kept = read().then((page) => keep(version, page));
    const slot: Slot = { version, kept, reading: true };
    setNewest(slots, key, slot, MAX_PAGES);
    kept.then(
      () => (slot.reading = false),
      () => {
        if (slots.get(key) === slot) slots.delete(key);
      },
    );
    return kept;
  }

  /**
   * The kept page of `slot` with this member's counts, if it is still the feed's, and whether the
   * member has relations. A page everyone shares (`shared`) always asks, even with nothing kept:
   * it may be shown, or read and kept, only for a member without any.
   */
  async function check(slot: Slot | undefined, viewerId: number, shared: boolean) {
    let kept: Kept | undefined;
    if (slot && slot.version === lastSeen) {
      if (slot.reading) waitedInLine();
      kept = await slot.kept.catch(() => undefined);
    }
    if (!kept && !shared) return { related: false };
    const fresh = await source.fresh(viewerId, kept ? idsOf(kept.page) : []);
    lastSeen = fresh.version;
    const current = kept && isCurrent(kept, fresh);
    return {
      related: fresh.related,
      viewed: current ? viewOf(kept!, viewerId, fresh) : undefined,
    };
  }

  /**
   * The page kept under `key` as this member sees it, read again when stale. `own` is where a
   * member with relations keeps theirs instead, when `key` is a page everyone shares.
   */
  async function view(
    key: string,
    viewerId: number,
    read: () => Promise<Page<Post>>,
    own?: string,
  ): Promise<Viewed> {
    if (!own) lastSeen ??= (await source.fresh(viewerId, [])).version;
    const slot = slots.get(key);
    const first = await check(slot, viewerId, own !== undefined);
    if (own && first.related) return view(own, viewerId, read);
    if (first.viewed) return first.viewed;
    // Another request may have read the page again meanwhile, under the version just read.
    const again = slots.get(key);
    if (again !== slot) {
      const second = await check(again, viewerId, own !== undefined);
      if (own && second.related) return view(own, viewerId, read);
      if (second.viewed) return second.viewed;
    }
    const kept = await fill(key, lastSeen!, read);
    return seenBy(kept, viewerId, countsOf(kept.page));
  }

  return {
    newest: (viewerId: number, limit: number): Promise<Viewed> =>
      view(
        `all:${limit}`,
        viewerId,
        () => source.newest(viewerId, limit),
        `all:${limit}:${viewerId}`,
      ),
    following: (viewerId: number, limit: number): Promise<Viewed> =>
      view(`following:${viewerId}:${limit}`, viewerId, () => source.following(viewerId, limit)),
  };
}
