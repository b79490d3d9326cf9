import type { LiveEvent } from '@devplay/shared';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, useTwoProcesses, type TestContext } from '../../test/app';
import { createMember, publish, type Member } from '../../test/factories';
import {
  arrived,
  caughtUp,
  connectLive,
  eventually,
  type LiveClient,
} from '../../test/live-client';
import type { BusMessage } from '../../plugins/events';

type FeedNew = Extract<LiveEvent, { type: 'feed:new' }>['data'];

/** API.md: at most one `feed:new` a second per member. */
const SECOND = 1_000;

/** A member's `feed:new` frames as they arrive. */
function recordFeedNew(live: LiveClient) {
  const heard: FeedNew[] = [];
  live.socket.on('message', (raw) => {
    const event = JSON.parse(String(raw)) as LiveEvent;
    if (event.type === 'feed:new') heard.push(event.data);
  });
  return heard;
}

/**
 * Once no statement is at the database or waiting for it, every post's announcement has read
 * its followers and handed its frames to the throttle (it does so as its one read answers).
 */
async function databaseIdle(ctx: TestContext) {
  const pool = (ctx.app.db as unknown as { $client: pg.Pool }).$client;
  while (pool.waitingCount > 0 || pool.idleCount < pool.totalCount)
    await new Promise((resolve) => setImmediate(resolve));
}

const follow = async (follower: Member, author: Member) =>
  expect((await follower.client.post('/follow', { username: author.username })).statusCode).toBe(
    200,
  );

describe('feed:new on one process', () => {
  let ctx: TestContext;
  let author: Member;
  let other: Member;
  let follower: Member;
  let stranger: Member;
  const sockets: LiveClient[] = [];
  const connect = async (member: Member) => {
    const live = await connectLive(ctx.app, member.token);
    sockets.push(live);
    return live;
  };
  beforeAll(async () => {
    ctx = await createTestApp({ rateLimits: false });
    [author, other, follower, stranger] = [
      await createMember(ctx),
      await createMember(ctx),
      await createMember(ctx),
      await createMember(ctx),
    ];
    await follow(follower, author);
  });
  afterAll(async () => {
    sockets.forEach((live) => live.close());
    await ctx.app.close();
  });

  it("tells everyone but the author: 'following' to followers, 'all' to the rest, in one bus message", async () => {
    const byAuthor = recordFeedNew(await connect(author));
    const byFollower = recordFeedNew(await connect(follower));
    const byStranger = recordFeedNew(await connect(stranger));
    const messages: BusMessage[] = [];
    const unsubscribe = ctx.app.events.subscribe((message) => messages.push(message));

    const post = await publish(ctx, author.client);
    await eventually(() => byFollower.length === 1 && byStranger.length === 1);
    unsubscribe();
    expect(byFollower[0]).toEqual({ feed: 'following', newest: post.id });
    expect(byStranger[0]).toEqual({ feed: 'all', newest: post.id });
    expect(messages).toEqual([
      { kind: 'feed', published: { postId: post.id, authorId: author.id } },
    ]);

    // The author's own socket stays quiet: a frame for anyone after the post proves it.
    const next = await publish(ctx, other.client);
    await eventually(() => byAuthor.length === 1);
    expect(byAuthor).toEqual([{ feed: 'all', newest: next.id }]);
  });

  it('announces a burst as one frame at the end of the second, naming its newest, none lost', async () => {
    const watcher = await createMember(ctx);
    await follow(watcher, author);
    const live = await connect(watcher);
    const frames = () => live.of('feed:new').map((event) => event.data);
    // The throttle's clock is the test's: its second ends when the test says, however long the
    // posts took. The waits below need no timer.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = await publish(ctx, author.client);
      await arrived(live, () => frames().length === 1);
      // Within the second the first frame opened: one followed post among others.
      await publish(ctx, other.client);
      await publish(ctx, author.client);
      const newest = await publish(ctx, other.client);
      await databaseIdle(ctx);
      await vi.advanceTimersByTimeAsync(SECOND - 1);
      await caughtUp(ctx.app, live, watcher.id);
      expect(frames()).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await arrived(live, () => frames().length === 2);
      // A post after that second is announced too, in a frame of its own, a second later.
      const later = await publish(ctx, stranger.client);
      await databaseIdle(ctx);
      await vi.advanceTimersByTimeAsync(SECOND);
      await arrived(live, () => frames().length === 3);

      expect(frames()).toEqual([
        { feed: 'following', newest: first.id },
        { feed: 'following', newest: newest.id },
        { feed: 'all', newest: later.id },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('post:counts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ rateLimits: false });
  });
  afterAll(() => ctx.app.close());

  it('brings the new like and comment counts of a post to every member online', async () => {
    const [author, reader, fan] = [
      await createMember(ctx),
      await createMember(ctx),
      await createMember(ctx),
    ];
    const post = await publish(ctx, author.client);
    const live = await connectLive(ctx.app, reader.token);
    const countsOf = () => live.of('post:counts').flatMap((event) => event.data);
    const last = () => countsOf().at(-1);

    await fan.client.post('/like', { post_id: post.id });
    await eventually(() => last()?.likesCount === 1);
    const comment = (await fan.client.post('/comment', { postId: post.id, text: 'gg' })).json();
    await eventually(() => last()?.commentsCount === 1);
    expect(last()).toEqual({ id: post.id, likesCount: 1, commentsCount: 1 });

    await fan.client.delete(`/comment/${comment.id}`);
    await fan.client.delete(`/like/${post.id}`);
    await eventually(() => last()?.likesCount === 0 && last()?.commentsCount === 0);
    // Nothing but this post changed, and no frame named anything else.
    expect(new Set(countsOf().map((counts) => counts.id))).toEqual(new Set([post.id]));
    live.close();
  });

  it('leaves a post out of the frames of the member who moved its counts', async () => {
    const [author, reader, fan] = [
      await createMember(ctx),
      await createMember(ctx),
      await createMember(ctx),
    ];
    const post = await publish(ctx, author.client);
    const readerLive = await connectLive(ctx.app, reader.token);
    const fanLive = await connectLive(ctx.app, fan.token);
    const countsOf = (live: LiveClient, id: number) =>
      live.of('post:counts').flatMap((event) => event.data.filter((counts) => counts.id === id));

    await fan.client.post('/like', { post_id: post.id });
    await eventually(() => countsOf(readerLive, post.id).some((c) => c.likesCount === 1));
    await reader.client.post('/like', { post_id: post.id });
    await eventually(() => countsOf(fanLive, post.id).some((c) => c.likesCount === 2));
    // The fan's first frame of the post is the reader's like: their own like never came back.
    expect(countsOf(fanLive, post.id).map((c) => c.likesCount)).toEqual([2]);

    // Another post's counts reach the reader later: their own like was never sent to them.
    const other = await publish(ctx, author.client);
    await author.client.post('/comment', { postId: other.id, text: 'marker' });
    await eventually(() => countsOf(readerLive, other.id).length > 0);
    expect(countsOf(readerLive, post.id).map((c) => c.likesCount)).toEqual([1]);
    readerLive.close();
    fanLive.close();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the live feed across two processes (Redis)', () => {
  const processes = useTwoProcesses(process.env.TEST_REDIS_URL);

  it('announces a post and its counts to members connected to the other process', async () => {
    const { one, two } = processes;
    const [author, follower, fan] = [
      await createMember(one),
      await createMember(one),
      await createMember(one),
    ];
    await follow(follower, author);
    const there = await connectLive(two.app, follower.token);
    const heard = recordFeedNew(there);

    const post = await publish(one, author.client);
    await eventually(() => heard.length === 1);
    expect(heard[0]).toEqual({ feed: 'following', newest: post.id });

    await fan.client.post('/like', { post_id: post.id });
    await eventually(() =>
      there.of('post:counts').some((event) => event.data.some((c) => c.likesCount === 1)),
    );
    there.close();
  });
});
