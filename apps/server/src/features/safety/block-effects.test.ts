import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { nextMessage } from '../../test/bus';
import { rowsOf } from '../../test/database';
import { createMember, publish, type Member } from '../../test/factories';

const ADMIN_EMAIL = 'block-admin@example.com';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false, adminEmails: new Set([ADMIN_EMAIL]) });
});
afterAll(() => ctx.app.close());

const members = (n: number) => Promise.all(Array.from({ length: n }, () => createMember(ctx)));

type Group = { type: string; actorsCount: number; actors: { id: number }[] };
const groupsOf = async (member: Member) => {
  const page = (await member.client.get('/notifications')).json();
  return { unread: page.unread as number, groups: page.items as Group[] };
};
const feedVersion = async () =>
  (
    await rowsOf<{ v: number }>(ctx.app.db, sql`select last_value::float8 as v from feed_version`)
  )[0]!.v;

/** The unread counter and each group's actors count, against the rows they count. */
async function drift(userId: number) {
  return rowsOf(
    ctx.app.db,
    sql`select 'counter' as what from notification_counts c where c.user_id = ${userId}
          and c.unread <> (select count(*) from notifications where user_id = ${userId} and read_at is null)
        union all
        select 'group ' || n.id from notifications n where n.user_id = ${userId}
          and n.actors_count <> (select count(*) from notification_actors a where a.notification_id = n.id)`,
  );
}

const profile = async (viewer: Member, of: Member) =>
  (await viewer.client.get(`/user/${of.username}`)).json();

describe('POST /api/block', () => {
  it('ends follows both ways, keeping every count right', async () => {
    const [a, b, c] = await members(3);
    await a!.client.post('/follow', { username: b!.username });
    await b!.client.post('/follow', { username: a!.username });
    await c!.client.post('/follow', { username: a!.username });
    await c!.client.post('/follow', { username: b!.username });
    expect(await profile(c!, a!)).toMatchObject({ followersCount: 2, followingsCount: 1 });

    expect((await a!.client.post('/block', { username: b!.username })).statusCode).toBe(200);
    expect(await profile(c!, a!)).toMatchObject({ followersCount: 1, followingsCount: 0 });
    expect(await profile(c!, b!)).toMatchObject({ followersCount: 1, followingsCount: 0 });
    const followers = (await c!.client.get(`/followers/${a!.username}`)).json();
    expect(followers.items.map((u: Member) => u.id)).toEqual([c!.id]);
    expect((await a!.client.get('/me')).json()).toMatchObject({ followersCount: 1 });
  });

  it("removes the notifications between them both ways, keeping others' and the counts", async () => {
    const [a, b, c] = await members(3);
    const post = await publish(ctx, a!.client);
    const theirs = await publish(ctx, b!.client);
    await b!.client.post('/follow', { username: a!.username });
    await c!.client.post('/follow', { username: a!.username });
    await b!.client.post('/like', { post_id: post.id });
    await c!.client.post('/like', { post_id: post.id });
    await b!.client.post('/comment', { postId: post.id, text: 'From b' });
    await a!.client.post('/like', { post_id: theirs.id });
    const paid = await a!.client.post('/transaction', {
      amount: 1,
      userName: b!.username,
      idempotencyKey: randomUUID(),
    });
    expect(paid.statusCode).toBe(201);
    expect((await groupsOf(a!)).unread).toBe(3);
    expect((await groupsOf(b!)).unread).toBe(2);

    const told = nextMessage(ctx.app, 'notifications', (m) => m.userId === b!.id);
    await a!.client.post('/block', { username: b!.username });
    expect((await told).countMoved).toBe(true);

    // The follow and like groups keep c alone; b's comment group went with its one actor.
    const mine = await groupsOf(a!);
    expect(mine.groups.map((g) => [g.type, g.actorsCount, g.actors.map((x) => x.id)])).toEqual([
      ['like', 1, [c!.id]],
      ['follow', 1, [c!.id]],
    ]);
    expect(mine.unread).toBe(2);
    expect(await groupsOf(b!)).toEqual({ unread: 0, groups: [] });
    expect((await b!.client.get('/me')).json().unreadNotifications).toBe(0);
    expect(await drift(a!.id)).toEqual([]);
    expect(await drift(b!.id)).toEqual([]);
  });

  it('keeps what the site says through an admin: a moderation outlives a block of the admin', async () => {
    const [a] = await members(1);
    const admin = await createMember(ctx, { email: ADMIN_EMAIL });
    const post = await publish(ctx, a!.client);
    expect((await admin.client.delete(`/admin/post/${post.id}`)).statusCode).toBe(200);
    await a!.client.post('/block', { username: admin.username });
    expect((await groupsOf(a!)).groups.map((g) => g.type)).toEqual(['moderation']);
  });

  it('moves the feed version; blocking again moves nothing', async () => {
    const [a, b] = await members(2);
    const before = await feedVersion();
    await a!.client.post('/block', { username: b!.username });
    const after = await feedVersion();
    expect(after).toBeGreaterThan(before);
    await a!.client.post('/block', { username: b!.username });
    expect(await feedVersion()).toBe(after);
  });
});

describe('POST /api/unblock', () => {
  it('removes only the block: follows and notifications stay gone, the feed version moves', async () => {
    const [a, b] = await members(2);
    await b!.client.post('/follow', { username: a!.username });
    await a!.client.post('/block', { username: b!.username });
    const before = await feedVersion();
    expect((await a!.client.post('/unblock', { username: b!.username })).json()).toEqual({
      blocked: false,
    });
    expect(await feedVersion()).toBeGreaterThan(before);
    expect(await profile(b!, a!)).toMatchObject({
      followersCount: 0,
      isFollowing: false,
      blocksMe: false,
    });
    expect((await groupsOf(a!)).groups).toEqual([]);
    // Following again is allowed and notifies again.
    expect((await b!.client.post('/follow', { username: a!.username })).statusCode).toBe(200);
    expect((await groupsOf(a!)).unread).toBe(1);
  });
});
