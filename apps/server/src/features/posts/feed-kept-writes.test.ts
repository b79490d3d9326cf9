import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish, rename, type Member } from '../../test/factories';
import { listPosts } from './post-queries';

const ADMIN_EMAIL = 'kept-admin@example.com';

/**
 * The kept first pages against the same pages read from the database, after each kind of write
 * a member or an admin makes through a route: a kept page (and on PGlite a kept check, which no
 * statement confirms) must never show what the database no longer holds.
 */
describe('a kept first page after every kind of write', () => {
  let ctx: TestContext;
  let reader: Member;
  let author: Member;
  let other: Member;
  let admin: Member;
  let postId: number;
  let commentId: number;
  beforeAll(async () => {
    ctx = await createTestApp({ rateLimits: false, adminEmails: new Set([ADMIN_EMAIL]) });
    [reader, author, other] = [
      await createMember(ctx),
      await createMember(ctx),
      await createMember(ctx),
    ];
    admin = await createMember(ctx, { email: ADMIN_EMAIL });
    await publish(ctx, other.client, { title: 'By the other' });
  });
  afterAll(() => ctx.app.close());

  const kept = async (feed: 'all' | 'following') => {
    const response = await reader.client.get(`/posts?limit=20&feed=${feed}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const read = async (feed: 'all' | 'following') =>
    JSON.parse(JSON.stringify(await listPosts(ctx.app.db, reader.id, { feed, limit: 20 })));

  const steps: [string, () => Promise<{ statusCode: number }>][] = [
    [
      'a new post',
      async () => {
        const post = await publish(ctx, author.client, { title: 'Kept or not' });
        postId = post.id;
        return { statusCode: 201 };
      },
    ],
    ['its edit', () => author.client.patch(`/post/${postId}`, { title: 'Edited title' })],
    ["the reader's like", () => reader.client.post('/like', { post_id: postId })],
    ["another member's like", () => other.client.post('/like', { post_id: postId })],
    ["the reader's unlike", () => reader.client.delete(`/like/${postId}`)],
    [
      'a comment',
      async () => {
        const response = await other.client.post('/comment', { postId, text: 'Counted' });
        commentId = response.json().id;
        return response;
      },
    ],
    ['its removal', () => other.client.delete(`/comment/${commentId}`)],
    ["the author's new name", () => rename(author, 'Renamed Kept')],
    ['a follow', () => reader.client.post('/follow', { username: author.username })],
    ['a mute', () => reader.client.post('/mute', { username: author.username })],
    ['an unmute', () => reader.client.post('/unmute', { username: author.username })],
    ["the author's block", () => author.client.post('/block', { username: reader.username })],
    ["the author's unblock", () => author.client.post('/unblock', { username: reader.username })],
    ['an unfollow', () => reader.client.post('/unfollow', { username: author.username })],
    [
      'a suspension',
      () => admin.client.post(`/admin/user/${author.id}/suspend`, { reason: 'Spam', days: 7 }),
    ],
    ['its lifting', () => admin.client.post(`/admin/user/${author.id}/unsuspend`)],
    ["an admin's removal", () => admin.client.delete(`/admin/post/${postId}`)],
    ['a member leaving', () => other.client.delete('/me')],
  ];

  it('matches the database after each, on both feeds', async () => {
    for (const [what, write] of steps) {
      // Kept before the write, so the page after it is a kept page checked, not a first read.
      await kept('all');
      await kept('following');
      const response = await write();
      expect(response.statusCode, what).toBeLessThan(300);
      expect(await kept('all'), what).toEqual(await read('all'));
      expect(await kept('following'), what).toEqual(await read('following'));
    }
  });
});
