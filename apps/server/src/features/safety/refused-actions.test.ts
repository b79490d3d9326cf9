import { SAFETY_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../db/notifications';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish, type Member } from '../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
});
afterAll(() => ctx.app.close());

const pair = async () => [await createMember(ctx), await createMember(ctx)] as const;

/** `a` blocks `b`; each check then runs both ways. */
async function blockedPair() {
  const [a, b] = await pair();
  await a.client.post('/block', { username: b.username });
  return [
    [a, b],
    [b, a],
  ] as const;
}

const expectBlocked = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ code: 'BLOCKED', message: SAFETY_MESSAGES.blocked });
};

const unread = async (member: Member) =>
  (await member.client.get('/me')).json().unreadNotifications;

describe('a block refuses every action between the two, both ways', () => {
  it('POST /follow: 403 BLOCKED, no follow, no notification; allowed again after unblock', async () => {
    const ways = await blockedPair();
    for (const [me, other] of ways) {
      expectBlocked(await me.client.post('/follow', { username: other.username }));
      const theirs = (await me.client.get(`/user/${other.username}`)).json();
      expect(theirs.isFollowing).toBe(false);
      expect(await unread(other)).toBe(0);
    }
    const [[a, b]] = ways;
    await a.client.post('/unblock', { username: b.username });
    expect((await b.client.post('/follow', { username: a.username })).json()).toEqual({
      isFollowing: true,
      followersCount: 1,
    });
  });

  it('POST /like and POST /comment: 403 BLOCKED, nothing added', async () => {
    const ways = await blockedPair();
    for (const [me, other] of ways) {
      const post = await publish(ctx, other.client);
      expectBlocked(await me.client.post('/like', { post_id: post.id }));
      expectBlocked(await me.client.post('/comment', { postId: post.id, text: 'Hello' }));
      const [counts] = (await other.client.get(`/posts?user_id=${other.id}`)).json().items;
      expect(counts).toMatchObject({ id: post.id, likesCount: 0, commentsCount: 0 });
      expect(await unread(other)).toBe(0);
    }
  });

  it('POST /like and POST /comment still answer 404 for a post that does not exist', async () => {
    const [a] = await pair();
    expect((await a.client.post('/like', { post_id: 2_000_000 })).statusCode).toBe(404);
    expect((await a.client.post('/comment', { postId: 2_000_000, text: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('POST /messages: 403 BLOCKED, nothing stored', async () => {
    for (const [me, other] of await blockedPair()) {
      expectBlocked(await me.client.post('/messages', { receiverId: other.id, text: 'Hi' }));
      expect((await other.client.get('/messages/unread-count')).json()).toEqual({ count: 0 });
      expect((await other.client.get('/messages/conversations')).json()).toEqual([]);
    }
  });
});

describe('notifications between members', () => {
  it('are not made from a member muted with notifications, and are with notifications off', async () => {
    const [author, loud] = await pair();
    const quiet = await createMember(ctx);
    await author.client.post('/mute', { username: quiet.username });
    await author.client.post('/mute', { username: loud.username, notifications: false });
    const post = await publish(ctx, author.client);
    for (const member of [quiet, loud]) {
      await member.client.post('/like', { post_id: post.id });
      await member.client.post('/comment', { postId: post.id, text: 'Hey' });
      await member.client.post('/follow', { username: author.username });
    }
    const groups = (await author.client.get('/notifications')).json();
    const actors = groups.items.flatMap((g: { actors: { id: number }[] }) => g.actors);
    expect(new Set(actors.map((actor: { id: number }) => actor.id))).toEqual(new Set([loud.id]));
    expect(groups.unread).toBe(3);
  });

  it('are not made across a block by the statement itself, which the site’s types pass', async () => {
    // A block committed while an action was on its way: the notification's own statement decides.
    const [a, b] = await pair();
    await a.client.post('/block', { username: b.username });
    const event = { recipients: [a.id], actor: b.id, subjectKey: 0 };
    expect(await notify(ctx.app.db, { ...event, type: 'follow' })).toEqual([]);
    expect(await notify(ctx.app.db, { ...event, type: 'moderation' })).toHaveLength(1);
    expect(await unread(a)).toBe(1);
  });

  it('come again once the mute is taken back', async () => {
    const [author, fan] = await pair();
    await author.client.post('/mute', { username: fan.username });
    await author.client.post('/unmute', { username: fan.username });
    await fan.client.post('/follow', { username: author.username });
    expect(await unread(author)).toBe(1);
  });

  it('a muted member can still message the muter', async () => {
    const [muter, muted] = await pair();
    await muter.client.post('/mute', { username: muted.username });
    const sent = await muted.client.post('/messages', { receiverId: muter.id, text: 'Still here' });
    expect(sent.statusCode).toBe(201);
  });
});
