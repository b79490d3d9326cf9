import type { Page, Post } from '@devplay/shared';
import { describe, expect, it, vi } from 'vitest';
import { createFeedCache, type FeedSource } from './feed-cache';

const post = (id: number, title = `Post ${id}`) =>
  ({ id, title, likesCount: 0, likedByMe: false, commentsCount: 0 }) as Post;

/** A source whose answers the test sets and whose reads it counts and may hold back. */
function fakeSource(items = [post(3), post(2), post(1)]) {
  const state = {
    items,
    likes: new Map<number, number[]>(),
    followed: new Map<number, Post[]>(),
    gate: Promise.resolve(),
  };
  const source = {
    newest: vi.fn(async (limit: number): Promise<Page<Post>> => {
      const { items: now } = state;
      await state.gate;
      return { items: now.slice(0, limit), nextCursor: null };
    }),
    likedAmong: vi.fn(async (viewerId: number, postIds: number[]) =>
      (state.likes.get(viewerId) ?? []).filter((id) => postIds.includes(id)),
    ),
    following: vi.fn(async (viewerId: number, limit: number): Promise<Page<Post>> => ({
      items: (state.followed.get(viewerId) ?? []).slice(0, limit),
      nextCursor: null,
    })),
  } satisfies FeedSource;
  return { state, source };
}

describe('the cache of the newest feed page', () => {
  it('reads the page once for many members at once, and their likes once each', async () => {
    const { source } = fakeSource();
    const cache = createFeedCache(source);
    await Promise.all([1, 2, 3, 1, 2, 3].map((viewer) => cache.newest(viewer, 20)));
    await cache.newest(1, 20);
    expect(source.newest).toHaveBeenCalledTimes(1);
    expect(source.likedAmong).toHaveBeenCalledTimes(3);
  });

  it("shows each member their own likes and nobody else's", async () => {
    const { state, source } = fakeSource();
    state.likes.set(7, [2]);
    const cache = createFeedCache(source);
    const liker = await cache.newest(7, 20);
    const other = await cache.newest(8, 20);
    expect(liker.page.items.map((p) => p.likedByMe)).toEqual([false, true, false]);
    expect(other.page.items.map((p) => p.likedByMe)).toEqual([false, false, false]);
    expect(liker.etag).not.toBe(other.etag);
  });

  it('reads again after a change, and never keeps a page read before it', async () => {
    const { state, source } = fakeSource();
    const cache = createFeedCache(source);
    let release!: () => void;
    state.gate = new Promise((resolve) => (release = resolve));
    const before = cache.newest(1, 20);
    // A post arrives while the read is on its way; the answer in flight may still be the old one.
    state.items = [post(4), ...state.items];
    cache.forget();
    release();
    expect((await before).page.items[0]!.id).toBe(3);
    const after = await cache.newest(1, 20);
    expect(after.page.items[0]!.id).toBe(4);
    expect(source.newest).toHaveBeenCalledTimes(2);
  });

  it('reads again once its lifetime is over, and keeps the ETag when nothing changed', async () => {
    const { state, source } = fakeSource();
    let clock = 1_000;
    const cache = createFeedCache(source, 5_000, () => clock);
    const first = await cache.newest(1, 20);
    clock += 4_999;
    expect((await cache.newest(1, 20)).etag).toBe(first.etag);
    expect(source.newest).toHaveBeenCalledTimes(1);
    clock += 1;
    expect((await cache.newest(1, 20)).etag).toBe(first.etag);
    expect(source.newest).toHaveBeenCalledTimes(2);
    state.items = [post(3, 'Edited'), post(2), post(1)];
    clock += 5_000;
    expect((await cache.newest(1, 20)).etag).not.toBe(first.etag);
  });

  it("keeps each member's following page apart, and forgets them with the rest", async () => {
    const { state, source } = fakeSource();
    state.followed.set(1, [post(9)]);
    state.followed.set(2, [post(8)]);
    const cache = createFeedCache(source);
    expect((await cache.following(1, 20)).page.items[0]!.id).toBe(9);
    expect((await cache.following(2, 20)).page.items[0]!.id).toBe(8);
    await Promise.all([cache.following(1, 20), cache.following(2, 20)]);
    expect(source.following).toHaveBeenCalledTimes(2);
    state.followed.set(1, [post(10), post(9)]);
    cache.forget();
    expect((await cache.following(1, 20)).page.items[0]!.id).toBe(10);
  });

  it('keeps at most 2,000 members, the oldest going first', async () => {
    const { source } = fakeSource();
    const cache = createFeedCache(source);
    for (let viewer = 1; viewer <= 2_001; viewer++) await cache.newest(viewer, 20);
    await cache.newest(2_001, 20);
    expect(source.likedAmong).toHaveBeenCalledTimes(2_001);
    await cache.newest(1, 20);
    expect(source.likedAmong).toHaveBeenCalledTimes(2_002);
  });

  it('keeps each page size apart', async () => {
    const { source } = fakeSource();
    const cache = createFeedCache(source);
    expect((await cache.newest(1, 2)).page.items).toHaveLength(2);
    expect((await cache.newest(1, 20)).page.items).toHaveLength(3);
  });
});
