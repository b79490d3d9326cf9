import webPush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish } from '../../test/factories';
import { startPushReceiver, type PushReceiver } from '../../test/push-receiver';

// Every process hears a notification through Redis; only the one whose request made it queues
// the push, so the member's device gets it once.
describe.runIf(process.env.TEST_REDIS_URL)('pushes with two processes (Redis)', () => {
  const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:push-tests@devplay.local' };
  const settings = {
    rateLimits: false,
    pushAllowPrivateHosts: true,
    pushGatherMs: 1_000,
    vapid,
    redisUrl: process.env.TEST_REDIS_URL,
  };
  let one: TestContext;
  let two: TestContext;
  let receiver: PushReceiver;
  beforeAll(async () => {
    [one, receiver] = await Promise.all([createTestApp(settings), startPushReceiver()]);
    two = await createTestApp({ ...settings, sameDatabaseAs: one });
  });
  afterAll(async () => {
    await two.app.close();
    await one.app.close();
    await receiver.close();
  });

  it('a like made on one process is pushed once', async () => {
    const author = await createMember(one);
    const liker = await createMember(two);
    await author.client.post('/push/subscriptions', receiver.device('shared'));
    const post = await publish(one, author.client);

    const liked = receiver.next('shared');
    await liker.client.post('/like', { post_id: post.id });
    expect((await liked).payload).toMatchObject({ body: expect.stringContaining('liked') });

    // The marker: a message made on the other process, pushed after the like's.
    const marker = receiver.next('shared');
    await liker.client.post('/messages', { receiverId: author.id, text: 'marker' });
    await marker;
    await Promise.all([one.app.jobs.settled(), two.app.jobs.settled()]);
    const bodies = receiver.deliveries.map((d) => (d.payload as { body: string }).body);
    expect(bodies).toEqual([expect.stringContaining('liked'), 'marker']);
  });
});
