import type { Notification } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, useTwoProcesses } from '../../test/app';
import { createMember, publish } from '../../test/factories';
import { connectLive, eventually, type LiveClient } from '../../test/live-client';
import { seedNotificationBacklog } from '../../test/notification-backlog';

const unreadOf = (live: LiveClient) => live.of('notifications:unread').at(-1)?.data.unread;

describe('notifications on the live socket', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ rateLimits: false });
  });
  afterAll(() => ctx.app.close());

  it('greets with the unread count, then sends each group as it grows and each count', async () => {
    const [author, a, b] = await Promise.all([1, 2, 3].map(() => createMember(ctx)));
    const post = await publish(ctx, author!.client, { title: 'Live' });
    const live = await connectLive(ctx.app, author!.token);
    await eventually(() => unreadOf(live) === 0);

    await a!.client.post('/like', { post_id: post.id });
    await eventually(() => unreadOf(live) === 1);
    await b!.client.post('/like', { post_id: post.id });
    await eventually(() => live.of('notification:new').length === 2);
    const [first, second] = live.of('notification:new').map((e) => e.data);
    expect(first).toMatchObject({
      type: 'like',
      actorsCount: 1,
      subject: { post: { id: post.id } },
    });
    expect(second).toMatchObject({
      id: first!.id,
      actorsCount: 2,
      actors: [{ id: b!.id }, { id: a!.id }],
    });
    // The group sent is the one the list shows.
    expect((await author!.client.get('/notifications')).json().items[0]).toEqual(second);

    await author!.client.post('/notifications/read', { ids: [first!.id] });
    await eventually(() => unreadOf(live) === 0);
    // The second like grew an unread group, so the count it left alone was not sent again.
    expect(
      live.events.map((e) => e.type).filter((type) => type.startsWith('notification')),
    ).toEqual([
      'notifications:unread',
      'notification:new',
      'notifications:unread',
      'notification:new',
      'notifications:unread',
    ]);
    live.close();
  });

  it('a burst of likes reaches the author, a frame a like, the group whole in the end', async () => {
    const [author, ...likers] = await Promise.all(
      Array.from({ length: 9 }, () => createMember(ctx)),
    );
    const post = await publish(ctx, author!.client);
    const live = await connectLive(ctx.app, author!.token);
    await eventually(() => unreadOf(live) === 0);

    await Promise.all(likers.map((liker) => liker.client.post('/like', { post_id: post.id })));
    await eventually(() => live.of('notification:new').length === 8);
    const frames = live.of('notification:new').map((e) => e.data);
    expect(new Set(frames.map((group) => group.id)).size).toBe(1);
    expect(Math.max(...frames.map((group) => group.actorsCount))).toBe(8);
    expect(unreadOf(live)).toBe(1);
    live.close();
  });

  it('counts down when an unlike removes a group, without a new group', async () => {
    const [author, a] = await Promise.all([1, 2].map(() => createMember(ctx)));
    const post = await publish(ctx, author!.client);
    const live = await connectLive(ctx.app, author!.token);
    await a!.client.post('/like', { post_id: post.id });
    await eventually(() => unreadOf(live) === 1);
    await a!.client.delete(`/like/${post.id}`);
    await eventually(() => unreadOf(live) === 0);
    expect(live.of('notification:new')).toHaveLength(1);
    live.close();
  });

  it('sends money received as it arrives: the group, then the count', async () => {
    const [sender, recipient] = await Promise.all([1, 2].map(() => createMember(ctx)));
    const live = await connectLive(ctx.app, recipient!.token);
    await eventually(() => unreadOf(live) === 0);
    const sent = await sender!.client.post('/transaction', {
      amount: 3.25,
      userName: recipient!.username,
      note: 'Snacks',
      idempotencyKey: `live-transfer-${sender!.id}`,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await eventually(() => unreadOf(live) === 1);
    expect(live.of('notification:new').map((e) => e.data)).toEqual([
      expect.objectContaining({
        type: 'transfer',
        actors: [expect.objectContaining({ id: sender!.id })],
        subject: { amount: 3.25, note: 'Snacks' },
      }),
    ]);
    live.close();
  });

  it('replays the groups changed after notificationsSince, oldest first, then the count', async () => {
    const [author, a] = await Promise.all([1, 2].map(() => createMember(ctx)));
    const posts = [];
    for (const title of ['Post 1', 'Post 2', 'Post 3'])
      posts.push(await publish(ctx, author!.client, { title }));
    for (const post of posts) await a!.client.post('/like', { post_id: post.id });
    const held = (await author!.client.get('/notifications')).json().items as Notification[];
    const oldest = held.at(-1)!;

    const again = await connectLive(ctx.app, author!.token, {
      notificationsSince: oldest.createdAt,
    });
    await eventually(() => unreadOf(again) === 3);
    expect(again.of('notification:new').map((e) => e.data.id)).toEqual(
      held
        .slice(0, 2)
        .reverse()
        .map((group) => group.id),
    );
    const order = again.events.map((e) => e.type).filter((type) => type.startsWith('notification'));
    expect(order).toEqual(['notification:new', 'notification:new', 'notifications:unread']);
    again.close();

    const fresh = await connectLive(ctx.app, author!.token);
    await eventually(() => unreadOf(fresh) === 3);
    expect(fresh.of('notification:new')).toEqual([]);
    fresh.close();
  });

  it('replays only the newest 50 of a longer backlog, oldest first, then says to read again', async () => {
    const member = await createMember(ctx);
    const ids = await seedNotificationBacklog(ctx.app.db, member.id, 60);
    const live = await connectLive(ctx.app, member.token, {
      notificationsSince: '1970-01-01T00:00:00Z',
    });
    expect(live.of('notification:new').map((e) => e.data.id)).toEqual(ids.slice(-50));
    // Only the greeting's frames: counts of posts liked elsewhere reach every member online.
    const greeting = ['unread:count', 'resync', 'notifications:unread'];
    const order = live.events.map((e) => e.type).filter((type) => greeting.includes(type));
    expect(order).toEqual(greeting);
    expect(live.of('resync')).toEqual([{ type: 'resync', data: { reason: 'replay-capped' } }]);
    expect(unreadOf(live)).toBe(60);
    live.close();

    // Fifty changed since: all of them, nothing to read again.
    const [fiftyFirst] = (await member.client.get('/notifications?limit=51'))
      .json()
      .items.slice(-1) as Notification[];
    const whole = await connectLive(ctx.app, member.token, {
      notificationsSince: fiftyFirst!.createdAt,
    });
    expect(whole.of('notification:new').map((e) => e.data.id)).toEqual(ids.slice(-50));
    expect(whole.of('resync')).toEqual([]);
    whole.close();
  });

  it('greets each socket a member opens at once with the count, whichever read answers first', async () => {
    const member = await createMember(ctx);
    await seedNotificationBacklog(ctx.app.db, member.id, 60);
    const resume = { notificationsSince: '1970-01-01T00:00:00Z' };
    // connectLive returns once a socket has its count, or has closed.
    const sockets = await Promise.all(
      Array.from({ length: 8 }, () => connectLive(ctx.app, member.token, resume)),
    );
    expect(sockets.map(unreadOf)).toEqual(Array(8).fill(60));
    for (const live of sockets) live.close();
  });

  it('closes a socket whose notificationsSince is not an instant (4400)', async () => {
    const [a] = await Promise.all([createMember(ctx)]);
    const outOfYears = [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+00:01',
      '9999-12-31T23:59:59.999-12:00',
    ];
    for (const notificationsSince of ['yesterday', '2025-13-01T00:00:00Z', 5, ...outOfYears]) {
      const live = await connectLive(ctx.app, a!.token, {
        notificationsSince: notificationsSince as string,
      });
      expect(live.closed.code).toBe(4400);
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('notifications across two processes (Redis)', () => {
  const processes = useTwoProcesses(process.env.TEST_REDIS_URL);

  it('reach the member on the other process: the group, then the count', async () => {
    const [author, fan] = [await createMember(processes.one), await createMember(processes.one)];
    const post = await publish(processes.one, author.client, { title: 'Far' });
    const live = await connectLive(processes.two.app, author.token);
    await fan.client.post('/like', { post_id: post.id });
    await eventually(() => unreadOf(live) === 1);
    expect(live.of('notification:new').map((e) => e.data)).toEqual([
      expect.objectContaining({ type: 'like', subject: { post: { id: post.id, title: 'Far' } } }),
    ]);
    live.close();
  });
});
