import type { Post } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestApp,
  STRONG_PASSWORD,
  useTwoProcesses,
  type TestContext,
} from '../../test/app';
import { nextMessage } from '../../test/bus';
import { createMember, publish, rename, type Member } from '../../test/factories';

const ADMIN_EMAIL = 'feed-admin@example.com';

describe('GET /api/posts answered from the cache', () => {
  let ctx: TestContext;
  let author: Member;
  let reader: Member;
  let admin: Member;
  beforeAll(async () => {
    ctx = await createTestApp({ rateLimits: false, adminEmails: new Set([ADMIN_EMAIL]) });
    [author, reader] = [await createMember(ctx), await createMember(ctx)];
    admin = await createMember(ctx, { email: ADMIN_EMAIL });
  });
  afterAll(() => ctx.app.close());

  const newest = async (member: Member = reader) => {
    const response = await member.client.get('/posts?limit=20');
    expect(response.statusCode).toBe(200);
    return { etag: String(response.headers.etag), items: response.json().items as Post[] };
  };
  const shown = async (postId: number, member: Member = reader) =>
    (await newest(member)).items.find((item) => item.id === postId);

  it('sends an ETag that answers 304 while the page reads the same, and may be kept privately', async () => {
    await publish(ctx, author.client);
    const first = await reader.client.get('/posts?limit=20');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await reader.client.get('/posts?limit=20', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A browser takes a 304 that counts body bytes for a broken answer and keeps none of it.
    expect(again.headers['content-length']).toBeUndefined();
    const listed = await reader.client.get('/posts?limit=20', {
      'if-none-match': `W/"other", ${etag}`,
    });
    expect(listed.statusCode).toBe(304);
    const stale = await reader.client.get('/posts?limit=20', { 'if-none-match': 'W/"other"' });
    expect(stale.statusCode).toBe(200);
    // Another member's copy is not this member's: their likes differ, so must the tags.
    const theirs = await author.client.get('/posts?limit=20', { 'if-none-match': etag });
    expect(theirs.statusCode).toBe(200);
  });

  // PGlite's every write is the process's own (db/writes.ts): until one, a check holds as read.
  it('answers a repeated read with one statement (the version and the counts), none on PGlite', async () => {
    await newest();
    ctx.queries.count = 0;
    await newest();
    expect(ctx.queries.count).toBe(process.env.TEST_DB === 'postgres' ? 1 : 0);
  });

  it('shows a new post, a like, a comment and their undoing at once', async () => {
    const { etag } = await newest();
    const { id } = await publish(ctx, author.client);
    const fresh = await newest();
    expect(fresh.items[0]!.id).toBe(id);
    expect(fresh.etag).not.toBe(etag);

    expect((await reader.client.post('/like', { post_id: id })).statusCode).toBe(200);
    expect(await shown(id)).toMatchObject({ likesCount: 1, likedByMe: true });
    expect(await shown(id, author)).toMatchObject({ likesCount: 1, likedByMe: false });
    expect((await reader.client.delete(`/like/${id}`)).statusCode).toBe(200);
    expect(await shown(id)).toMatchObject({ likesCount: 0, likedByMe: false });

    const comment = await reader.client.post('/comment', { postId: id, text: 'Nice one' });
    expect(comment.statusCode).toBe(201);
    expect(await shown(id)).toMatchObject({ commentsCount: 1 });
    const deleted = await reader.client.delete(`/comment/${comment.json().id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await shown(id)).toMatchObject({ commentsCount: 0 });

    expect((await author.client.delete(`/post/${id}`)).statusCode).toBe(200);
    expect(await shown(id)).toBeUndefined();
  });

  it("shows an author's new name at once", async () => {
    const { id } = await publish(ctx, author.client);
    await newest();
    const renamed = await rename(author, 'Renamed Author');
    expect(renamed.statusCode).toBe(200);
    expect((await shown(id))?.author.fullName).toBe('Renamed Author');
  });

  it('keeps its pages through a password change, which no feed shows', async () => {
    await publish(ctx, author.client);
    await newest();
    const changed = await author.client.put('/me', {
      currentPassword: STRONG_PASSWORD,
      newPassword: 'Changed1!password',
    });
    expect(changed.statusCode).toBe(200);
    ctx.queries.count = 0;
    await newest();
    // A moved version would read the page again: two statements.
    expect(ctx.queries.count).toBe(1);
  });

  it('drops the posts of a member who leaves, by their hand or an admin’s', async () => {
    const leaving = await createMember(ctx);
    const removed = await createMember(ctx);
    const mine = await publish(ctx, leaving.client);
    const theirs = await publish(ctx, removed.client);
    expect(await shown(mine.id)).toBeDefined();
    expect(await shown(theirs.id)).toBeDefined();
    expect((await leaving.client.delete('/me')).statusCode).toBe(200);
    expect(await shown(mine.id)).toBeUndefined();
    expect((await admin.client.delete(`/admin/user/${removed.id}`)).statusCode).toBe(200);
    expect(await shown(theirs.id)).toBeUndefined();
  });

  it('drops a post and comment an admin removes', async () => {
    const { id } = await publish(ctx, author.client);
    const comment = await reader.client.post('/comment', { postId: id, text: 'Hm' });
    expect(await shown(id)).toMatchObject({ commentsCount: 1 });
    const removal = await admin.client.delete(`/admin/comment/${comment.json().id}`);
    expect(removal.statusCode).toBe(200);
    expect(await shown(id)).toMatchObject({ commentsCount: 0 });
    expect((await admin.client.delete(`/admin/post/${id}`)).statusCode).toBe(200);
    expect(await shown(id)).toBeUndefined();
  });

  it("shows a followed member's posts in the following feed from the follow on", async () => {
    const { id } = await publish(ctx, author.client);
    const followingFeed = async () =>
      ((await reader.client.get('/posts?limit=20&feed=following')).json().items as Post[]).map(
        (item) => item.id,
      );
    expect(await followingFeed()).not.toContain(id);
    const followed = await reader.client.post('/follow', { username: author.username });
    expect(followed.statusCode).toBe(200);
    expect(await followingFeed()).toContain(id);
    expect((await reader.client.post('/unfollow', { username: author.username })).statusCode).toBe(
      200,
    );
    expect(await followingFeed()).not.toContain(id);
  });

  it("keeps one member's pages and later pages out of it", async () => {
    const { nextCursor } = (await reader.client.get('/posts?limit=1')).json();
    const later = await reader.client.get(`/posts?limit=1&cursor=${nextCursor}`);
    const byAuthor = await reader.client.get(`/posts?limit=20&user_id=${author.id}`);
    for (const response of [later, byAuthor]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the feed cache across two processes', () => {
  const processes = useTwoProcesses(process.env.TEST_REDIS_URL);

  it('shows a post published on one process on the other at once', async () => {
    const author = await createMember(processes.one);
    const there = createClient(processes.two.app);
    there.token = author.token;
    const read = async () => (await there.get('/posts?limit=20')).json().items as Post[];
    await read();
    const heard = nextMessage(
      processes.two.app,
      'feed',
      (m) => m.published?.authorId === author.id,
    );
    const { id } = await publish(processes.one, author.client);
    await heard;
    expect((await read())[0]?.id).toBe(id);
  });
});
