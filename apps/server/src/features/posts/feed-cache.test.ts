import type { Page, Post } from '@devplay/shared';
import { describe, expect, it, vi } from 'vitest';
import { createFeedCache, type CardCounts, type FeedSource } from './feed-cache';

const post = (id: number, title = `Post ${id}`) =>
  ({ id, title, likesCount: 0, likedByMe: false, commentsCount: 0 }) as Post;

/** A database as the cache sees it: a version, posts with counts, likes, followed pages. */
function fakeSource(items = [post(3), post(2), post(1)]) {
  const state = {
    version: 1,
    items,
    likes: new Map<number, number[]>(),
    followed: new Map<number, Post[]>(),
    /** Members who block, are blocked by or mute someone, and the posts hidden from each. */
    hidden: new Map<number, number[]>(),
    gate: Promise.resolve(),
  };
  const seen = (viewerId: number, p: Post): Post => ({
    ...p,
    likedByMe: (state.likes.get(viewerId) ?? []).includes(p.id),
  });
  const source = {
    keepsChecks: false,
    fresh: vi.fn(async (viewerId: number, postIds: number[]) => {
      const counts = new Map<number, CardCounts>();
      const all = [...state.items, ...[...state.followed.values()].flat()];
      for (const p of all.filter((item) => postIds.includes(item.id))) {
        const { likesCount, commentsCount, likedByMe } = seen(viewerId, p);
        counts.set(p.id, { likesCount, commentsCount, likedByMe });
      }
      return { version: state.version, related: state.hidden.has(viewerId), counts };
    }),
    newest: vi.fn(async (viewerId: number, limit: number): Promise<Page<Post>> => {
      const { items: now } = state;
      await state.gate;
      const hidden = state.hidden.get(viewerId) ?? [];
      const shown = now.filter((p) => !hidden.includes(p.id));
      return { items: shown.slice(0, limit).map((p) => seen(viewerId, p)), nextCursor: null };
    }),
    following: vi.fn(async (viewerId: number, limit: number): Promise<Page<Post>> => ({
      items: (state.followed.get(viewerId) ?? []).slice(0, limit),
      nextCursor: null,
    })),
  } satisfies FeedSource;
  return { state, source };
}

describe('the cache of the newest feed page', () => {
  it('reads the page once for many members at once, then one statement a request', async () => {
    const { source } = fakeSource();
    const cache = createFeedCache(source);
    await Promise.all([1, 2, 3, 1, 2, 3].map((viewer) => cache.newest(viewer, 20)));
    expect(source.newest).toHaveBeenCalledTimes(1);
    source.fresh.mockClear();
    await cache.newest(1, 20);
    expect(source.newest).toHaveBeenCalledTimes(1);
    expect(source.fresh).toHaveBeenCalledTimes(1);
  });

  it("shows each member their own likes and nobody else's, from the first request on", async () => {
    const { state, source } = fakeSource();
    state.likes.set(7, [2]);
    const cache = createFeedCache(source);
    const other = await cache.newest(8, 20);
    const liker = await cache.newest(7, 20);
    expect(liker.page.items.map((p) => p.likedByMe)).toEqual([false, true, false]);
    expect(other.page.items.map((p) => p.likedByMe)).toEqual([false, false, false]);
    expect(liker.etag).not.toBe(other.etag);
  });

  it('shows a like and a comment at the next request without reading the page again', async () => {
    const { state, source } = fakeSource();
    const cache = createFeedCache(source);
    const before = await cache.newest(1, 20);
    state.items = [{ ...post(3), likesCount: 1, commentsCount: 2 }, post(2), post(1)];
    state.likes.set(1, [3]);
    const after = await cache.newest(1, 20);
    expect(after.page.items[0]).toMatchObject({ likesCount: 1, commentsCount: 2, likedByMe: true });
    expect(after.etag).not.toBe(before.etag);
    expect(source.newest).toHaveBeenCalledTimes(1);
    // The same figures read at another time keep a browser's copy valid.
    expect((await cache.newest(1, 20)).etag).toBe(after.etag);
  });

  it('reads the page again once the version moved, never serving one read under an older', async () => {
    const { state, source } = fakeSource();
    const cache = createFeedCache(source);
    await cache.newest(1, 20);
    let release!: () => void;
    state.gate = new Promise((resolve) => (release = resolve));
    state.version = 2;
    const during = cache.newest(1, 20);
    // A post arrives while that read is on its way: it may still bring the old page.
    await vi.waitFor(() => expect(source.newest).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    state.items = [post(4), ...state.items];
    state.version = 3;
    release();
    expect((await during).page.items[0]!.id).toBe(3);
    const after = await cache.newest(1, 20);
    expect(after.page.items[0]!.id).toBe(4);
    expect(source.newest).toHaveBeenCalledTimes(3);
  });

  it('reads the page again when one of its posts is gone, whatever the version says', async () => {
    const { state, source } = fakeSource();
    const cache = createFeedCache(source);
    await cache.newest(1, 20);
    state.items = [post(3), post(1)];
    expect((await cache.newest(1, 20)).page.items.map((p) => p.id)).toEqual([3, 1]);
  });

  it('keeps each page size apart', async () => {
    const { source } = fakeSource();
    const cache = createFeedCache(source);
    expect((await cache.newest(1, 2)).page.items).toHaveLength(2);
    expect((await cache.newest(1, 20)).page.items).toHaveLength(3);
  });
});

describe('the newest feed page of members who block, are blocked or mute', () => {
  const ids = (viewed: { page: Page<Post> }) => viewed.page.items.map((p) => p.id);

  it('never shows them the page everyone shares, and keeps theirs apart', async () => {
    const { state, source } = fakeSource();
    state.hidden.set(9, [2]);
    const cache = createFeedCache(source);
    expect(ids(await cache.newest(1, 20))).toEqual([3, 2, 1]);
    expect(ids(await cache.newest(9, 20))).toEqual([3, 1]);
    expect(source.newest).toHaveBeenCalledTimes(2);
    // Each page is kept: neither is read again, and the shared one still shows every post.
    expect(ids(await cache.newest(9, 20))).toEqual([3, 1]);
    expect(ids(await cache.newest(2, 20))).toEqual([3, 2, 1]);
    expect(source.newest).toHaveBeenCalledTimes(2);
  });

  it('does not keep the page of one of them as the shared page', async () => {
    const { state, source } = fakeSource();
    state.hidden.set(9, [2]);
    const cache = createFeedCache(source);
    expect(ids(await cache.newest(9, 20))).toEqual([3, 1]);
    expect(ids(await cache.newest(1, 20))).toEqual([3, 2, 1]);
  });

  it('stops showing the shared page to a member from the request after their block', async () => {
    const { state, source } = fakeSource();
    const cache = createFeedCache(source);
    expect(ids(await cache.newest(1, 20))).toEqual([3, 2, 1]);
    // A block moves the version, as the command does.
    state.hidden.set(1, [3]);
    state.version = 2;
    expect(ids(await cache.newest(1, 20))).toEqual([2, 1]);
    expect(ids(await cache.newest(5, 20))).toEqual([3, 2, 1]);
  });

  it('asks one statement a request of a member without relations, as before', async () => {
    const { source } = fakeSource();
    const cache = createFeedCache(source);
    await cache.newest(1, 20);
    source.fresh.mockClear();
    await cache.newest(2, 20);
    expect(source.fresh).toHaveBeenCalledTimes(1);
    expect(source.newest).toHaveBeenCalledTimes(1);
  });
});

describe("the cache of members' following pages", () => {
  it("keeps each member's page apart", async () => {
    const { state, source } = fakeSource();
    state.followed.set(1, [post(9)]);
    state.followed.set(2, [post(8)]);
    const cache = createFeedCache(source);
    expect((await cache.following(1, 20)).page.items[0]!.id).toBe(9);
    expect((await cache.following(2, 20)).page.items[0]!.id).toBe(8);
    await Promise.all([cache.following(1, 20), cache.following(2, 20)]);
    expect(source.following).toHaveBeenCalledTimes(2);
  });

  it('keeps at most 2,000 pages, the oldest going first', async () => {
    const { source } = fakeSource();
    const cache = createFeedCache(source);
    for (let viewer = 1; viewer <= 2_001; viewer++) await cache.following(viewer, 20);
    await cache.following(2_001, 20);
    expect(source.following).toHaveBeenCalledTimes(2_001);
    await cache.following(1, 20);
    expect(source.following).toHaveBeenCalledTimes(2_002);
  });
});

describe('a check the source kept', () => {
  it('shows the same page object again, and a new one once the source answers anew', async () => {
    const { state, source } = fakeSource();
    // As PGlite does between writes (feed-fresh.ts): the same state for the same question.
    const answered = new Map<string, ReturnType<FeedSource['fresh']>>();
    const fresh = source.fresh;
    const keeping = {
      ...source,
      keepsChecks: true,
      fresh: (viewerId: number, postIds: number[]) => {
        const key = `${viewerId}:${postIds.join(',')}`;
        if (!answered.has(key)) answered.set(key, fresh(viewerId, postIds));
        return answered.get(key)!;
      },
    } satisfies FeedSource;
    const cache = createFeedCache(keeping);
    await cache.newest(1, 20);
    const first = await cache.newest(1, 20);
    expect(first.lasting).toBe(true);
    expect((await cache.newest(1, 20)).page).toBe(first.page);
    expect((await cache.newest(2, 20)).page).not.toBe(first.page);

    state.likes.set(1, [3]);
    answered.clear();
    const liked = await cache.newest(1, 20);
    expect(liked.page).not.toBe(first.page);
    expect(liked.page.items[0]!.likedByMe).toBe(true);
  });

  it('says a page lasts only where the source keeps its checks', async () => {
    const { source } = fakeSource();
    const cache = createFeedCache(source);
    await cache.newest(1, 20);
    const again = await cache.newest(1, 20);
    expect(again.lasting).toBe(false);
    expect((await cache.newest(1, 20)).page).not.toBe(again.page);
  });
});
