import { sql } from 'drizzle-orm';
import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, pushSubscriptions } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish, rename, type Member } from '../../test/factories';
import { startPushReceiver, type PushReceiver } from '../../test/push-receiver';

// Pushes go to a push service on 127.0.0.1 (test/push-receiver.ts), over https with a
// certificate made for the run, hence PUSH_ALLOW_PRIVATE_HOSTS (`pushAllowPrivateHosts`) on.
const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:push-tests@devplay.local' };
const settings = { rateLimits: false, pushAllowPrivateHosts: true, pushGatherMs: 1_000, vapid };

let ctx: TestContext;
let receiver: PushReceiver;
beforeAll(async () => {
  [ctx, receiver] = await Promise.all([createTestApp(settings), startPushReceiver()]);
});
afterAll(async () => {
  await ctx.app.close();
  await receiver.close();
});

let devices = 0;
/** A member whose browser subscribed (for `types`, or all), and the device's name. */
async function subscribed(types?: string[]) {
  const member = await createMember(ctx);
  const device = `device-${++devices}`;
  const response = await member.client.post('/push/subscriptions', {
    ...receiver.device(device),
    ...(types ? { types } : {}),
  });
  expect(response.statusCode).toBe(201);
  return { ...member, device };
}

/** What `device` received, once every push queued until now has had its attempt. */
async function receivedBy(device: string) {
  await ctx.app.jobs.settled();
  return receiver.deliveries.filter((d) => d.device === device).map((d) => d.payload);
}

/** B messages A: a push A's device receives, the positive marker after an absence. */
async function messageArrives(a: Member & { device: string }, b: Member, text: string) {
  const arrived = receiver.next(a.device);
  expect((await b.client.post('/messages', { receiverId: a.id, text })).statusCode).toBe(201);
  return (await arrived).payload;
}

describe('pushes', () => {
  it('a like reaches the author’s device, signed and encrypted; a growing group keeps its tag', async () => {
    const a = await subscribed();
    const [b, c] = [await createMember(ctx), await createMember(ctx)];
    await rename(b, 'Ada Lovelace');
    const post = await publish(ctx, a.client, { title: 'Desk setup' });

    const first = receiver.next(a.device);
    await b.client.post('/like', { post_id: post.id });
    const delivered = await first;
    expect(delivered.vapidKey).toBe(vapid.publicKey);
    expect(delivered.subject).toBe(vapid.subject);
    const { payload } = delivered as { payload: { tag: string } };
    expect(payload).toEqual({
      title: 'Ada Lovelace',
      body: 'liked “Desk setup”',
      url: `/post/${post.id}`,
      tag: expect.stringMatching(/^notification-\d+$/),
    });

    const second = receiver.next(a.device);
    await c.client.post('/like', { post_id: post.id });
    expect((await second).payload).toEqual({
      ...payload,
      title: `${c.username} and Ada Lovelace`,
    });
    expect(receiver.errors).toEqual([]);
  });

  it('a message reaches the receiver with the chat’s address and tag, never the sender', async () => {
    const [a, b] = [await subscribed(), await subscribed()];
    expect(await messageArrives(a, b, 'see you at eight')).toEqual({
      title: b.username,
      body: 'see you at eight',
      url: `/message/${b.id}`,
      tag: `chat-${b.id}`,
    });
    expect(await receivedBy(b.device)).toEqual([]);
  });

  it('none for a type the member switched off, or the device did not ask for', async () => {
    const a = await subscribed();
    const b = await createMember(ctx);
    await a.client.put('/notifications/settings', { like: false });
    const post = await publish(ctx, a.client);
    await b.client.post('/like', { post_id: post.id });
    await messageArrives(a, b, 'marker');
    expect((await receivedBy(a.device)).map((p) => (p as { body: string }).body)).toEqual([
      'marker',
    ]);

    const onlyMessages = await subscribed(['message']);
    const theirs = await publish(ctx, onlyMessages.client);
    await b.client.post('/like', { post_id: theirs.id });
    await b.client.post('/follow', { username: onlyMessages.username });
    await messageArrives(onlyMessages, b, 'marker');
    expect(await receivedBy(onlyMessages.device)).toHaveLength(1);
  });

  it('none from a blocked member', async () => {
    const a = await subscribed();
    const [b, c] = [await createMember(ctx), await createMember(ctx)];
    const post = await publish(ctx, a.client);
    await a.client.post('/block', { username: b.username });
    expect((await b.client.post('/like', { post_id: post.id })).statusCode).toBe(403);
    expect((await b.client.post('/messages', { receiverId: a.id, text: 'hi' })).statusCode).toBe(
      403,
    );
    await messageArrives(a, c, 'marker');
    expect(await receivedBy(a.device)).toHaveLength(1);
  });
});

describe('what the push service answers', () => {
  const rowsOf = (userId: number) =>
    ctx.app.db
      .select()
      .from(pushSubscriptions)
      .where(sql`${pushSubscriptions.userId} = ${userId}`);

  /** A message to a subscribed member whose push service answers `status`, once that attempt ended. */
  async function answered(status: number, text: string) {
    const [a, b] = [await subscribed(), await createMember(ctx)];
    receiver.answer(a.device, status);
    const asked = receiver.answered(a.device);
    await b.client.post('/messages', { receiverId: a.id, text });
    await asked;
    await ctx.app.jobs.settled();
    return a;
  }

  it('410: the subscription is deleted', async () => {
    const a = await answered(410, 'anyone there?');
    expect(await rowsOf(a.id)).toEqual([]);
  });

  it('500: kept, tried again later (here by a second process), then delivered', async () => {
    const a = await answered(500, 'second try');
    const [waiting] = await ctx.app.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'push'`);
    expect(waiting).toMatchObject({ attempts: 1, failedAt: null });
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now());

    // The backoff's time passes; another process finds the job due when it starts.
    await ctx.app.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(sql`${jobs.id} = ${waiting!.id}`);
    const delivered = receiver.next(a.device);
    const other = await createTestApp({ ...settings, sameDatabaseAs: ctx });
    try {
      expect((await delivered).payload).toMatchObject({ body: 'second try' });
      await other.app.jobs.settled();
    } finally {
      await other.app.close();
    }
    expect(await rowsOf(a.id)).toHaveLength(1);
    expect(
      await ctx.app.db
        .select()
        .from(jobs)
        .where(sql`${jobs.id} = ${waiting!.id}`),
    ).toEqual([]);
  });
});
