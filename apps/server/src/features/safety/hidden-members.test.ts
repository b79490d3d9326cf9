import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { safetyCast, whoIn, type SafetyCast } from './safety-test-kit';

let ctx: TestContext;
let cast: SafetyCast;
let fan: Member;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
  cast = await safetyCast(ctx, 'hm');
  fan = await createMember(ctx);
  for (const name of ['viewer', 'blocker', 'blocked', 'muted', 'plain'] as const) {
    await cast[name].client.post('/follow', { username: fan.username });
    await fan.client.post('/follow', { username: cast[name].username });
  }
});
afterAll(() => ctx.app.close());

const ids = (items: { id: number }[]) => items.map((item) => item.id);

describe('GET /api/users', () => {
  it('never finds a blocked pair, either way', async () => {
    const { viewer, blocker, blocked } = cast;
    const found = async (member: Member) =>
      whoIn(cast, ids((await member.client.get('/users?query=hm&limit=50')).json()));
    expect(await found(viewer)).toEqual(['viewer', 'muted', 'plain']);
    expect(await found(blocker)).toEqual(['blocker', 'blocked', 'muted', 'plain']);
    expect(await found(blocked)).toEqual(['blocker', 'blocked', 'muted', 'plain']);
  });

  it('suggests neither a blocked pair nor a muted member', async () => {
    const { viewer, muted } = cast;
    const stranger = await createMember(ctx);
    await viewer.client.post('/unfollow', { username: muted.username });
    const suggested = ids((await viewer.client.get('/users?suggest=true&limit=50')).json());
    await viewer.client.post('/follow', { username: muted.username });
    expect(suggested).toContain(stranger.id);
    expect(whoIn(cast, suggested)).toEqual([]);
  });
});

describe('GET /api/followers/:username and /followings/:username', () => {
  it('leave out blocked pairs, either way; a blocked pair’s lists read empty', async () => {
    const { viewer, blocker } = cast;
    const listed = async (member: Member, path: string) =>
      whoIn(cast, ids((await member.client.get(path)).json().items));
    expect(await listed(viewer, `/followers/${fan.username}`)).toEqual([
      'viewer',
      'muted',
      'plain',
    ]);
    expect(await listed(viewer, `/followings/${fan.username}`)).toEqual([
      'viewer',
      'muted',
      'plain',
    ]);
    expect(await listed(blocker, `/followers/${fan.username}`)).not.toContain('viewer');
    for (const path of [`/followers/${blocker.username}`, `/followings/${blocker.username}`]) {
      expect((await viewer.client.get(path)).json()).toEqual({ items: [], nextCursor: null });
    }
  });
});

describe('GET /api/user/:username', () => {
  const profile = async (viewer: Member, of: Member) => {
    const response = await viewer.client.get(`/user/${of.username}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const nameOnly = (of: Member) => ({
    id: of.id,
    username: of.username,
    fullName: expect.any(String),
    avatar: null,
    isFollowing: false,
    isMe: false,
  });

  it('shows one who blocks the viewer by name only, with blocksMe and nothing to do', async () => {
    const { viewer, blocker } = cast;
    expect(await profile(viewer, blocker)).toEqual({
      ...nameOnly(blocker),
      blocked: false,
      blocksMe: true,
      muted: false,
      canMessage: false,
      canSendMoney: false,
      suspended: false,
    });
  });

  it('shows one the viewer blocks by name only too, and the viewer to them alike', async () => {
    const { viewer, blocked } = cast;
    expect(await profile(viewer, blocked)).toEqual({
      ...nameOnly(blocked),
      blocked: true,
      blocksMe: false,
      muted: false,
      canMessage: false,
      canSendMoney: false,
      suspended: false,
    });
    expect(await profile(blocked, viewer)).toMatchObject({ blocksMe: true, canMessage: false });
    expect(await profile(blocked, viewer)).not.toHaveProperty('bio');
  });

  it('shows a muted member in full, with muted, still reachable', async () => {
    const { viewer, muted } = cast;
    expect(await profile(viewer, muted)).toMatchObject({
      muted: true,
      blocked: false,
      isFollowing: true,
      canMessage: true,
      canSendMoney: true,
      posts_count: 1,
      bio: expect.any(String),
    });
  });

  it('shows a suspended member by name only until the suspension ends', async () => {
    const { viewer } = cast;
    const member = await createMember(ctx);
    const suspend = (until: string | null) =>
      ctx.app.db.execute(
        sql`update ${users} set suspended_at = now(), suspended_until = ${until}::timestamptz where id = ${member.id}`,
      );
    await suspend(null);
    expect(await profile(viewer, member)).toMatchObject({ suspended: true });
    expect(await profile(viewer, member)).not.toHaveProperty('posts_count');
    await suspend(new Date(Date.now() + 3_600_000).toISOString());
    expect(await profile(viewer, member)).toMatchObject({ suspended: true });
    await suspend(new Date(Date.now() - 1_000).toISOString());
    expect(await profile(viewer, member)).toMatchObject({ suspended: false, posts_count: 0 });
  });

  it('never lets one message or pay oneself, whatever the privacy', async () => {
    const { plain } = cast;
    expect(await profile(plain, plain)).toMatchObject({
      isMe: true,
      canMessage: false,
      canSendMoney: false,
      bio: expect.any(String),
    });
  });
});

describe('GET /api/messages between a blocked pair', () => {
  it('keep the history readable by both; no new message goes', async () => {
    const [a, b] = [await createMember(ctx), await createMember(ctx)];
    expect(
      (await a.client.post('/messages', { receiverId: b.id, text: 'Before' })).statusCode,
    ).toBe(201);
    await b.client.post('/block', { username: a.username });
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const chat = (await me.client.get(`/messages/${other.id}`)).json();
      expect(chat.items.map((m: { text: string }) => m.text)).toEqual(['Before']);
      const conversations = (await me.client.get('/messages/conversations')).json();
      expect(conversations.map((c: { userId: number }) => c.userId)).toEqual([other.id]);
      const refused = await me.client.post('/messages', { receiverId: other.id, text: 'After' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('BLOCKED');
    }
  });
});
