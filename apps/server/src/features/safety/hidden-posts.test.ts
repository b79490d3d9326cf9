import type { Post } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import type { Member } from '../../test/factories';
import { safetyCast, whoIn, type SafetyCast } from './safety-test-kit';

let ctx: TestContext;
let cast: SafetyCast;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
  cast = await safetyCast(ctx, 'hp');
  const { plain, posts } = cast;
  for (const name of ['viewer', 'blocker', 'blocked', 'muted', 'plain'] as const) {
    await cast[name].client.post('/comment', { postId: posts.plain.id, text: `From ${name}` });
    await cast[name].client.post('/like', { post_id: posts.plain.id });
  }
  await plain.client.post('/comment', { postId: posts.muted.id, text: 'On the muted post' });
});
afterAll(() => ctx.app.close());

/** Every post a member reads on `path`, walking its cursor pages. */
async function allPosts(member: Member, path: string) {
  const seen: Post[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const response = await member.client.get(`${path}${cursor ? `${sep}cursor=${cursor}` : ''}`);
    expect(response.statusCode).toBe(200);
    const page: { items: Post[]; nextCursor: string | null } = response.json();
    seen.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}
const authors = (posts: Post[]) => whoIn(cast, [...new Set(posts.map((p) => p.author.id))]);

describe('GET /api/posts', () => {
  it('leaves blocked pairs and muted authors out of "All", first page and cursor pages', async () => {
    const { viewer, blocker, blocked, muted, plain } = cast;
    expect(authors(await allPosts(viewer, '/posts'))).toEqual(['viewer', 'plain']);
    expect(authors(await allPosts(viewer, '/posts?limit=2'))).toEqual(['viewer', 'plain']);
    // Both ways: neither member of a block sees the other; a mute is the muter's alone.
    expect(authors(await allPosts(blocker, '/posts'))).not.toContain('viewer');
    expect(authors(await allPosts(blocked, '/posts?limit=2'))).not.toContain('viewer');
    expect(authors(await allPosts(muted, '/posts'))).toContain('viewer');
    expect(authors(await allPosts(plain, '/posts'))).toEqual([
      'viewer',
      'blocker',
      'blocked',
      'muted',
      'plain',
    ]);
  });

  it('leaves a muted author out of "Following", though still followed', async () => {
    const { viewer } = cast;
    expect(authors(await allPosts(viewer, '/posts?feed=following'))).toEqual(['viewer', 'plain']);
    expect(authors(await allPosts(viewer, '/posts?feed=following&limit=1'))).toEqual([
      'viewer',
      'plain',
    ]);
  });

  it("reads no post of a blocked pair's or a muted member's own list", async () => {
    const { viewer, blocker, blocked, muted, plain } = cast;
    for (const other of [blocker, blocked, muted])
      expect(await allPosts(viewer, `/posts?user_id=${other.id}`)).toEqual([]);
    expect(await allPosts(blocker, `/posts?user_id=${viewer.id}`)).toEqual([]);
    expect(authors(await allPosts(viewer, `/posts?user_id=${plain.id}`))).toEqual(['plain']);
  });
});

describe('GET /api/post/:id', () => {
  it('answers 404 across a block, both ways, and opens a muted author’s post', async () => {
    const { viewer, blocker, blocked, posts } = cast;
    expect((await viewer.client.get(`/post/${posts.blocker.id}`)).statusCode).toBe(404);
    expect((await viewer.client.get(`/post/${posts.blocked.id}`)).statusCode).toBe(404);
    expect((await blocker.client.get(`/post/${posts.viewer.id}`)).statusCode).toBe(404);
    expect((await blocked.client.get(`/post/${posts.viewer.id}`)).statusCode).toBe(404);
    const muted = await viewer.client.get(`/post/${posts.muted.id}`);
    expect(muted.statusCode).toBe(200);
    expect(muted.json().title).toBe('By the muted');
  });
});

describe('GET /api/comments/:postId and /comments-count/:postId', () => {
  const commenters = async (member: Member, postId: number) => {
    const response = await member.client.get(`/comments/${postId}`);
    expect(response.statusCode).toBe(200);
    return whoIn(
      cast,
      response.json().items.map((c: { userId: number }) => c.userId),
    );
  };

  it('leaves out comments of blocked pairs and muted members; the count stays the post’s', async () => {
    const { viewer, blocker, plain, posts } = cast;
    expect(await commenters(viewer, posts.plain.id)).toEqual(['viewer', 'plain']);
    expect(await commenters(blocker, posts.plain.id)).toEqual([
      'blocker',
      'blocked',
      'muted',
      'plain',
    ]);
    expect(await commenters(plain, posts.plain.id)).toHaveLength(5);
    expect((await viewer.client.get(`/comments-count/${posts.plain.id}`)).json()).toEqual({
      count: 5,
    });
    expect(await commenters(viewer, posts.muted.id)).toEqual(['plain']);
  });

  it('answers 404 for the post of a blocked pair, both ways', async () => {
    const { viewer, blocked, posts } = cast;
    for (const path of [`/comments/${posts.blocked.id}`, `/comments-count/${posts.blocked.id}`]) {
      expect((await viewer.client.get(path)).statusCode).toBe(404);
    }
    expect((await blocked.client.get(`/comments/${posts.viewer.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/likes/:postId and /user-likes', () => {
  it('leave out likers of a blocked pair; a muted liker stays; total is the post’s', async () => {
    const { viewer, posts } = cast;
    const likers = (await viewer.client.get(`/likes/${posts.plain.id}`)).json();
    expect(likers.total).toBe(5);
    expect(
      whoIn(
        cast,
        likers.data.map((entry: { fromUser: { id: number } }) => entry.fromUser.id),
      ).sort(),
    ).toEqual(['muted', 'plain', 'viewer']);
  });

  it("read a blocked pair's post as none and their likes as none", async () => {
    const { viewer, blocker, posts } = cast;
    expect((await viewer.client.get(`/likes/${posts.blocker.id}`)).json()).toEqual({
      data: [],
      total: 0,
    });
    expect((await viewer.client.get(`/user-likes?user_id=${blocker.id}`)).json()).toEqual({
      likedPosts: [],
    });
    expect((await blocker.client.get(`/user-likes?user_id=${viewer.id}`)).json()).toEqual({
      likedPosts: [],
    });
    expect((await viewer.client.get(`/user-likes?user_id=${cast.plain.id}`)).json()).toEqual({
      likedPosts: [posts.plain.id],
    });
  });
});
