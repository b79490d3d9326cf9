import { ERROR_CODES, SAFETY_MESSAGES, type Post } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, type TestContext } from '../../test/app';
import { createMember, publish, type Member } from '../../test/factories';

/**
 * A suspended member's posts, comments and profile are hidden from others, and nobody may follow,
 * message or pay them (API.md "Safety."); when the suspension ends by itself, all of it is back.
 */
const ADMIN_EMAIL = 'suspended-hidden-admin@example.com';

let ctx: TestContext;
let admin: Member;
let viewer: Member;
let suspended: Member;
let viewerPost: number;
let suspendedPost: number;
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: new Set([ADMIN_EMAIL]), rateLimits: false });
  admin = await createMember(ctx, { email: ADMIN_EMAIL });
  viewer = await createMember(ctx, newUser('sh'));
  suspended = await createMember(ctx, newUser('sh'));
  viewerPost = (await publish(ctx, viewer.client, { title: 'By the viewer' })).id;
  suspendedPost = (await publish(ctx, suspended.client, { title: 'By the suspended' })).id;
  await suspended.client.post('/comment', { postId: viewerPost, text: 'From the suspended' });
  await suspended.client.post('/like', { post_id: viewerPost });
  await suspended.client.post('/follow', { username: viewer.username });
  const response = await admin.client.post(`/admin/user/${suspended.id}/suspend`, {
    reason: 'Spam',
    days: 7,
  });
  expect(response.statusCode).toBe(200);
});
afterAll(() => ctx.app.close());

const feedTitles = async () =>
  ((await viewer.client.get('/posts')).json().items as Post[]).map((post) => post.title);
const commentTexts = async () =>
  ((await viewer.client.get(`/comments/${viewerPost}`)).json().items as { text: string }[]).map(
    (comment) => comment.text,
  );
const likerNames = async () =>
  (
    (await viewer.client.get(`/likes/${viewerPost}`)).json().data as {
      fromUser: { username: string };
    }[]
  ).map((like) => like.fromUser.username);
const followerNames = async () =>
  ((await viewer.client.get(`/followers/${viewer.username}`)).json().items as Member[]).map(
    (member) => member.username,
  );
const searchNames = async () =>
  ((await viewer.client.get('/users?query=sh')).json() as Member[]).map((m) => m.username);

describe('while a member is suspended', () => {
  it('others do not see their posts, comments, likes, follows or name in search', async () => {
    expect(await feedTitles()).toEqual(['By the viewer']);
    expect((await viewer.client.get(`/post/${suspendedPost}`)).statusCode).toBe(404);
    expect(await commentTexts()).toEqual([]);
    expect(await likerNames()).toEqual([]);
    expect(await followerNames()).toEqual([]);
    expect(await searchNames()).toEqual([viewer.username]);
    const profile = (await viewer.client.get(`/user/${suspended.username}`)).json();
    expect(profile).toMatchObject({ suspended: true, canMessage: false, canSendMoney: false });
    expect(profile.bio).toBeUndefined();
  });

  it('nobody may follow, like, comment on, message or pay them', async () => {
    const refusals = [
      await viewer.client.post('/follow', { username: suspended.username }),
      await viewer.client.post('/messages', { receiverId: suspended.id, text: 'Hello?' }),
      await viewer.client.post('/transaction', {
        amount: 1,
        userName: suspended.username,
        idempotencyKey: 'pay-the-suspended',
      }),
    ];
    for (const response of refusals) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: ERROR_CODES.blocked,
        message: SAFETY_MESSAGES.blocked,
      });
    }
    expect((await viewer.client.post('/like', { post_id: suspendedPost })).statusCode).toBe(403);
    const comment = await viewer.client.post('/comment', { postId: suspendedPost, text: 'Hi' });
    expect(comment.statusCode).toBe(403);
    expect((await viewer.client.get('/transactions')).json().balance).toBe(100);
  });
});

describe('when the suspension ends by itself', () => {
  it('shows them again and lets others reach them, with nothing to lift it', async () => {
    await ctx.app.db.execute(
      sql`update users set suspended_until = now() - interval '1 second' where id = ${suspended.id}`,
    );
    expect((await viewer.client.get(`/post/${suspendedPost}`)).statusCode).toBe(200);
    expect(await commentTexts()).toEqual(['From the suspended']);
    expect(await likerNames()).toEqual([suspended.username]);
    expect(await followerNames()).toEqual([suspended.username]);
    expect(await searchNames()).toContain(suspended.username);
    expect((await viewer.client.get(`/user/${suspended.username}`)).json()).toMatchObject({
      suspended: false,
      canMessage: true,
    });
    const follow = await viewer.client.post('/follow', { username: suspended.username });
    expect(follow.statusCode).toBe(200);
  });
});
