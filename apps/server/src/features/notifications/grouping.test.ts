import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestContext } from '../../test/app';
import { createMember, publish, type Member } from '../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
});
afterAll(() => ctx.app.close());

const members = (n: number) => Promise.all(Array.from({ length: n }, () => createMember(ctx)));
const list = async (member: Member, query = '') => {
  const response = await member.client.get(`/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('GET /api/notifications', () => {
  it('answers 401 without a token and 400 for a bad limit, cursor or unread', async () => {
    expect((await createClient(ctx.app).get('/notifications')).statusCode).toBe(401);
    const [a] = await members(1);
    for (const query of ['?limit=0', '?limit=101', '?cursor=nope', '?unread=yes', '?cursor=%00'])
      expect((await a!.client.get(`/notifications${query}`)).statusCode).toBe(400);
  });

  it('starts empty with nothing unread', async () => {
    const [a] = await members(1);
    expect(await list(a!)).toEqual({ items: [], nextCursor: null, unread: 0 });
    expect((await a!.client.get('/me')).json().unreadNotifications).toBe(0);
  });
});

describe('likes', () => {
  it('40 likes on one post are one group: newest three actors, the count, the post', async () => {
    const [author, ...likers] = await members(41);
    const post = await publish(ctx, author!.client, { title: 'Grouped' });
    for (const liker of likers) await liker.client.post('/like', { post_id: post.id });
    const page = await list(author!);
    expect(page.unread).toBe(1);
    expect(page.items).toHaveLength(1);
    const [group] = page.items;
    expect(group).toMatchObject({
      type: 'like',
      readAt: null,
      actorsCount: 40,
      subject: { post: { id: post.id, title: 'Grouped' } },
    });
    expect(group.actors.map((actor: { id: number }) => actor.id)).toEqual(
      likers
        .slice(-3)
        .reverse()
        .map((liker) => liker.id),
    );
    expect(group.actors[0]).toEqual({
      id: likers[39]!.id,
      username: likers[39]!.username,
      fullName: expect.any(String),
      avatar: null,
    });
    expect((await author!.client.get('/me')).json().unreadNotifications).toBe(1);
  });

  it('keeps the group id as it grows and moves it to the top', async () => {
    const [author, a, b] = await members(3);
    const first = await publish(ctx, author!.client, { title: 'First' });
    const second = await publish(ctx, author!.client, { title: 'Second' });
    await a!.client.post('/like', { post_id: first.id });
    await a!.client.post('/like', { post_id: second.id });
    const before = await list(author!);
    expect(
      before.items.map((g: { subject: { post: { id: number } } }) => g.subject.post.id),
    ).toEqual([second.id, first.id]);
    await b!.client.post('/like', { post_id: first.id });
    const after = await list(author!);
    expect(after.items[0]).toMatchObject({ id: before.items[1].id, actorsCount: 2 });
    expect(after.unread).toBe(2);
  });

  it('like, unlike, like never notifies twice; an unlike empties and removes the group', async () => {
    const [author, a, b] = await members(3);
    const post = await publish(ctx, author!.client);
    await a!.client.post('/like', { post_id: post.id });
    await b!.client.post('/like', { post_id: post.id });
    await a!.client.delete(`/like/${post.id}`);
    let page = await list(author!);
    expect(page.items[0]).toMatchObject({ actorsCount: 1, actors: [{ id: b!.id }] });
    await a!.client.post('/like', { post_id: post.id });
    page = await list(author!);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ actorsCount: 2, actors: [{ id: a!.id }, { id: b!.id }] });

    // Read, then unliked and liked again: the read group keeps them, nothing new.
    await author!.client.post('/notifications/read', {});
    await a!.client.delete(`/like/${post.id}`);
    await a!.client.post('/like', { post_id: post.id });
    page = await list(author!);
    expect(page.unread).toBe(0);
    expect(page.items).toHaveLength(1);

    // A new liker after the read starts a new group; their unlike removes it again.
    const [c] = await members(1);
    await c!.client.post('/like', { post_id: post.id });
    page = await list(author!);
    expect(page.unread).toBe(1);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({ actorsCount: 1, readAt: null });
    await c!.client.delete(`/like/${post.id}`);
    page = await list(author!);
    expect(page.unread).toBe(0);
    expect(page.items).toHaveLength(1);
  });

  it('never notifies members of their own like or follow', async () => {
    const [author] = await members(1);
    const post = await publish(ctx, author!.client);
    await author!.client.post('/like', { post_id: post.id });
    expect(await list(author!)).toEqual({ items: [], nextCursor: null, unread: 0 });
  });
});

describe('follows', () => {
  it('are one group of subscribers; an unsubscribe takes the member out', async () => {
    const [star, a, b] = await members(3);
    await a!.client.post('/follow', { username: star!.username });
    await b!.client.post('/follow', { username: star!.username });
    await a!.client.post('/follow', { username: star!.username });
    let page = await list(star!);
    expect(page.items).toEqual([
      expect.objectContaining({
        type: 'follow',
        subject: null,
        actorsCount: 2,
        actors: [expect.objectContaining({ id: b!.id }), expect.objectContaining({ id: a!.id })],
      }),
    ]);
    await b!.client.post('/unfollow', { username: star!.username });
    await a!.client.post('/unfollow', { username: star!.username });
    page = await list(star!);
    expect(page).toEqual({ items: [], nextCursor: null, unread: 0 });
  });
});
