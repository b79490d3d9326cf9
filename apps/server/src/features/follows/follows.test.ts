import { createMember } from '../../test/factories';
import { FOLLOW_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestContext, signUpUnverified } from '../../test/app';
import { connectLive, eventually } from '../../test/live-client';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const members = (n: number) => Promise.all(Array.from({ length: n }, () => createMember(ctx)));

describe('POST /api/follow and /api/unfollow', () => {
  it('answer 401 without a token, 403 before confirming, 400 without a username', async () => {
    expect((await createClient(ctx.app).post('/follow', { username: 'someone' })).statusCode).toBe(
      401,
    );
    const unverified = createClient(ctx.app);
    await signUpUnverified(unverified);
    expect((await unverified.post('/follow', { username: 'someone' })).statusCode).toBe(403);
    const [a] = await members(1);
    expect((await a!.client.post('/follow', {})).statusCode).toBe(400);
  });

  it('refuse following oneself (400) and an unknown member (404)', async () => {
    const [a] = await members(1);
    const self = await a!.client.post('/follow', { username: a!.username });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: FOLLOW_MESSAGES.selfFollow, code: 'SELF_FOLLOW' });
    const ghost = await a!.client.post('/follow', { username: 'nobody_here' });
    expect(ghost.statusCode).toBe(404);
    expect(ghost.json().message).toBe('User not found');
  });

  it('are idempotent, even when sent many times at once', async () => {
    const [a, b] = await members(2);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        a!.client.post('/follow', { username: b!.username.toUpperCase() }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.at(-1)!.json()).toEqual({ isFollowing: true, followersCount: 1 });
    expect((await a!.client.post('/unfollow', { username: b!.username })).json()).toEqual({
      isFollowing: false,
      followersCount: 0,
    });
    expect((await a!.client.post('/unfollow', { username: b!.username })).json()).toEqual({
      isFollowing: false,
      followersCount: 0,
    });
  });
});

describe('the followed member, live', () => {
  it('hears their count of subscribers on a follow and an unfollow, with notifications off', async () => {
    const [a, b, c] = await members(3);
    await b!.client.put('/notifications/settings', { follow: false });
    const [liveB, liveC] = [
      await connectLive(ctx.app, b!.token),
      await connectLive(ctx.app, c!.token),
    ];
    await a!.client.post('/follow', { username: b!.username });
    await eventually(() => liveB.of('followers:count').length === 1);
    await c!.client.post('/follow', { username: b!.username });
    await eventually(() => liveB.of('followers:count').length === 2);
    await a!.client.post('/unfollow', { username: b!.username });
    await eventually(() => liveB.of('followers:count').length === 3);
    expect(liveB.of('followers:count').map((event) => event.data.count)).toEqual([1, 2, 1]);
    expect(liveB.of('notification:new')).toHaveLength(0);
    // The followers hear nothing of it.
    expect(liveC.of('followers:count')).toHaveLength(0);
    liveB.close();
    liveC.close();
  });
});

describe('GET /api/followers and /api/followings', () => {
  it('answer 401 without a token and 404 for an unknown member', async () => {
    expect((await createClient(ctx.app).get('/followers/x')).statusCode).toBe(401);
    const [a] = await members(1);
    expect((await a!.client.get('/followers/nobody_here')).statusCode).toBe(404);
  });

  it('list both directions, newest first, paged, and feed the profile counts', async () => {
    const [star, f1, f2, f3] = await members(4);
    for (const fan of [f1, f2, f3]) await fan!.client.post('/follow', { username: star!.username });
    await star!.client.post('/follow', { username: f1!.username });

    const page1 = (await f2!.client.get(`/followers/${star!.username}?limit=2`)).json();
    expect(page1.items.map((u: { username: string }) => u.username)).toEqual([
      f3!.username,
      f2!.username,
    ]);
    const page2 = (
      await f2!.client.get(`/followers/${star!.username}?limit=2&cursor=${page1.nextCursor}`)
    ).json();
    expect(page2).toEqual({
      items: [expect.objectContaining({ username: f1!.username })],
      nextCursor: null,
    });
    const followings = (await f2!.client.get(`/followings/${star!.username}`)).json();
    expect(followings.items.map((u: { username: string }) => u.username)).toEqual([f1!.username]);

    const profile = (await f2!.client.get(`/user/${star!.username}`)).json();
    expect(profile).toMatchObject({
      followersCount: 3,
      followingsCount: 1,
      isFollowing: true,
      isMe: false,
    });
    const me = (await star!.client.get('/me')).json();
    expect(me).toMatchObject({ followersCount: 3, followingsCount: 1 });
  });
});
