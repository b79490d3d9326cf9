import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish, type Member } from '../../test/factories';
import { arrived, connectLive, type LiveClient } from '../../test/live-client';

let ctx: TestContext;
const sockets: LiveClient[] = [];
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
});
afterAll(async () => {
  sockets.forEach((live) => live.close());
  await ctx.app.close();
});

const connect = async (member: Member) => {
  const live = await connectLive(ctx.app, member.token);
  sockets.push(live);
  return live;
};
const newestOf = (live: LiveClient) => live.of('feed:new').map((event) => event.data.newest);

describe('feed:new', () => {
  it('is not sent to members the post is hidden from: blocks either way, mutes', async () => {
    const [author, other, stranger, blocker, blockedOne, muter] = await Promise.all(
      Array.from({ length: 6 }, () => createMember(ctx)),
    );
    await blocker!.client.post('/block', { username: author!.username });
    await author!.client.post('/block', { username: blockedOne!.username });
    await muter!.client.post('/mute', { username: author!.username, notifications: false });
    const hidden = await Promise.all([blocker!, blockedOne!, muter!].map(connect));
    const told = await connect(stranger!);

    const post = await publish(ctx, author!.client);
    // One announcement tells every member at once: once the stranger heard of the post, the
    // others would have too. The next post is then the first any of them hears of.
    await arrived(told, () => newestOf(told).length === 1);
    const next = await publish(ctx, other!.client);
    for (const live of hidden) {
      await arrived(live, () => newestOf(live).length > 0);
      expect(newestOf(live)).toEqual([next.id]);
    }
    expect(newestOf(told)).toEqual([post.id]);
  });
});
