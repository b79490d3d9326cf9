import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestContext } from '../../test/app';
import { createMember, publish } from '../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
});
afterAll(() => ctx.app.close());

const ALL_ON = {
  follow: true,
  like: true,
  comment: true,
  transfer: true,
  tournament: true,
  moderation: true,
  report: true,
  mention: true,
};

describe('GET and PUT /api/notifications/settings', () => {
  it('answer 401 without a token; PUT refuses anything but the eight booleans (400)', async () => {
    const anonymous = createClient(ctx.app);
    expect((await anonymous.get('/notifications/settings')).statusCode).toBe(401);
    expect((await anonymous.put('/notifications/settings', { like: false })).statusCode).toBe(401);
    const a = await createMember(ctx);
    for (const body of [
      { like: 'no' },
      { likes: false },
      { like: null },
      { like: false, extra: true },
    ])
      expect((await a.client.put('/notifications/settings', body)).statusCode).toBe(400);
    expect((await a.client.get('/notifications/settings')).json()).toEqual(ALL_ON);
  });

  it('start all on, take any subset, and an off type is not stored', async () => {
    const [author, fan] = [await createMember(ctx), await createMember(ctx)];
    const off = await author.client.put('/notifications/settings', { like: false, follow: false });
    expect(off.json()).toEqual({ ...ALL_ON, like: false, follow: false });
    const back = await author.client.put('/notifications/settings', { follow: true });
    expect(back.json()).toEqual({ ...ALL_ON, like: false });
    expect((await author.client.put('/notifications/settings', {})).json()).toEqual(back.json());

    const post = await publish(ctx, author.client);
    await fan.client.post('/like', { post_id: post.id });
    await fan.client.post('/follow', { username: author.username });
    const page = (await author.client.get('/notifications')).json();
    expect(page.items.map((g: { type: string }) => g.type)).toEqual(['follow']);
    // Liking again once likes are back on is a new event: nothing was stored before.
    await author.client.put('/notifications/settings', { like: true });
    await fan.client.delete(`/like/${post.id}`);
    await fan.client.post('/like', { post_id: post.id });
    expect((await author.client.get('/notifications')).json().unread).toBe(2);
  });
});

describe('POST /api/notifications/read', () => {
  it('answers 401 without a token and 400 for bad ids or more than 100', async () => {
    expect((await createClient(ctx.app).post('/notifications/read', {})).statusCode).toBe(401);
    const a = await createMember(ctx);
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    for (const ids of [[0], ['x'], [2_147_483_648], tooMany, 'all'])
      expect((await a.client.post('/notifications/read', { ids })).statusCode).toBe(400);
    expect((await a.client.post('/notifications/read')).json()).toEqual({ unread: 0 });
  });

  it("marks the ids given, or all; someone else's ids change nothing", async () => {
    const [author, other, fan] = await Promise.all([1, 2, 3].map(() => createMember(ctx)));
    const posts = [await publish(ctx, author!.client), await publish(ctx, author!.client)];
    const foreign = await publish(ctx, other!.client);
    for (const post of [...posts, foreign]) await fan!.client.post('/like', { post_id: post.id });
    const [newest, oldest] = (await author!.client.get('/notifications')).json().items;
    const theirs = (await other!.client.get('/notifications')).json().items[0];

    const some = await author!.client.post('/notifications/read', { ids: [oldest.id, theirs.id] });
    expect(some.json()).toEqual({ unread: 1 });
    expect((await other!.client.get('/notifications')).json().unread).toBe(1);
    const unreadOnly = (await author!.client.get('/notifications?unread=true')).json();
    expect(unreadOnly.items.map((g: { id: number }) => g.id)).toEqual([newest.id]);
    const all = (await author!.client.get('/notifications')).json().items;
    expect(all[1].readAt).toEqual(expect.any(String));

    expect((await author!.client.post('/notifications/read', {})).json()).toEqual({ unread: 0 });
    expect((await author!.client.get('/me')).json().unreadNotifications).toBe(0);
  });

  it('pages newest first by cursor without gaps or repeats', async () => {
    const [author, fan] = [await createMember(ctx), await createMember(ctx)];
    for (let i = 0; i < 5; i++) {
      const post = await publish(ctx, author.client);
      await fan.client.post('/like', { post_id: post.id });
    }
    const all = (await author.client.get('/notifications')).json().items;
    const seen: number[] = [];
    let cursor = '';
    do {
      const page = (await author.client.get(`/notifications?limit=2${cursor}`)).json();
      seen.push(...page.items.map((g: { id: number }) => g.id));
      cursor = page.nextCursor ? `&cursor=${page.nextCursor}` : '';
    } while (cursor);
    expect(seen).toEqual(all.map((g: { id: number }) => g.id));
    expect(seen).toHaveLength(5);
  });
});
