import { AUDIT_ACTIONS, type AuditEntry } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish, type Member } from '../../test/factories';

const ADMIN_EMAIL = 'auditor@admin.example';
const LEAVING_ADMIN_EMAIL = 'leaving@admin.example';

let ctx: TestContext;
let admin: Member;
let member: Member;

beforeAll(async () => {
  ctx = await createTestApp({
    adminEmails: new Set([ADMIN_EMAIL, LEAVING_ADMIN_EMAIL]),
    rateLimits: false,
  });
  admin = await createMember(ctx, { email: ADMIN_EMAIL });
  member = await createMember(ctx);
});
afterAll(() => ctx.app.close());

async function entries(query = ''): Promise<AuditEntry[]> {
  const response = await admin.client.get(`/admin/audit?limit=100${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().items;
}
const latest = async () => (await entries())[0];
const count = async () => (await entries()).length;

/** Does `act`, which must succeed, and answers the one entry it wrote. */
async function recorded(act: () => Promise<{ statusCode: number; body: string }>) {
  const before = await count();
  const response = await act();
  expect(response.statusCode, response.body).toBeLessThan(300);
  expect(await count()).toBe(before + 1);
  return (await latest())!;
}

/** Does `act`, which must fail with `status`, and checks that nothing was written. */
async function notRecorded(status: number, act: () => Promise<{ statusCode: number }>) {
  const before = await count();
  expect((await act()).statusCode).toBe(status);
  expect(await count()).toBe(before);
}

describe('the audit log', () => {
  it('records map changes with who, what, target and a summary', async () => {
    const added = await recorded(() =>
      admin.client.post('/maps', { name: 'Mirage', description: 'Desert town' }),
    );
    const mapId = (await admin.client.get('/maps'))
      .json()
      .find((m: { name: string }) => m.name === 'Mirage').id;
    expect(added).toEqual({
      id: expect.any(Number),
      actor: { id: admin.id, username: admin.username, fullName: expect.any(String), avatar: null },
      actorUsername: admin.username,
      action: 'map.create',
      targetType: 'map',
      targetId: String(mapId),
      summary: 'Added map "Mirage"',
      createdAt: expect.any(String),
    } satisfies AuditEntry);
    const deleted = await recorded(() => admin.client.delete(`/maps/${mapId}`));
    expect(deleted).toMatchObject({ action: 'map.delete', summary: 'Deleted map "Mirage"' });
  });

  it("records an admin deleting someone else's post or comment from the feed as from the panel, not an author's own", async () => {
    const post = await publish(ctx, member.client, { title: 'Feed post' });
    const comment = (
      await member.client.post('/comment', { postId: post.id, text: 'A comment' })
    ).json();
    const own = (await admin.client.post('/comment', { postId: post.id, text: 'Mine' })).json();
    await notRecorded(200, () => admin.client.delete(`/comment/${own.id}`));
    const removedComment = await recorded(() => admin.client.delete(`/comment/${comment.id}`));
    expect(removedComment).toMatchObject({
      action: 'comment.delete',
      targetId: String(comment.id),
      summary: `Deleted comment "A comment" by ${member.username} on "Feed post"`,
    });
    const removedPost = await recorded(() => admin.client.delete(`/post/${post.id}`));
    expect(removedPost).toMatchObject({
      action: 'post.delete',
      targetId: String(post.id),
      summary: `Deleted post "Feed post" by ${member.username} with 0 comments and 0 likes`,
    });
  });

  it('records nothing when a map change fails', async () => {
    await notRecorded(409, () => admin.client.post('/maps', { name: 'nuke', description: '' }));
    await notRecorded(404, () => admin.client.delete('/maps/2147483647'));
    await notRecorded(403, () => member.client.post('/maps', { name: 'Cache', description: '' }));
  });

  it('records holidays set and removed, but not a change that changed nothing', async () => {
    const set = await recorded(() =>
      admin.client.post('/calendar/holiday', { date: '2030-12-25' }),
    );
    expect(set).toMatchObject({
      action: 'holiday.set',
      targetType: 'holiday',
      targetId: '2030-12-25',
      summary: 'Set a holiday on 2030-12-25',
    });
    await notRecorded(200, () => admin.client.post('/calendar/holiday', { date: '2030-12-25' }));
    const removed = await recorded(() => admin.client.delete('/calendar/holiday/2030-12-25'));
    expect(removed).toMatchObject({ action: 'holiday.remove', targetId: '2030-12-25' });
    await notRecorded(200, () => admin.client.delete('/calendar/holiday/2030-12-25'));
  });

  it('records tournament changes, and nothing for refused ones', async () => {
    const [a, b] = [await createMember(ctx), await createMember(ctx)];
    const addA = await recorded(() => admin.client.post('/tournament-users', { userId: a.id }));
    expect(addA).toMatchObject({
      action: 'participant.add',
      targetType: 'participant',
      targetId: String(a.id),
      summary: `Added ${a.username} to the tournament`,
    });
    await recorded(() => admin.client.post('/tournament-users', { userId: b.id }));
    await notRecorded(409, () => admin.client.post('/tournament-users', { userId: b.id }));

    const match = {
      round: 'round1',
      matchIndex: 0,
      team1Id: a.id,
      team2Id: b.id,
      score: '2:1',
      winnerId: a.id,
      matchDate: '2030-05-01',
      matchTime: '18:00',
    };
    const saved = await recorded(() => admin.client.post('/tournament-match', match));
    expect(saved).toMatchObject({
      action: 'match.save',
      targetType: 'match',
      targetId: 'round1/0',
      summary: `Saved round1 match 1: ${a.username} vs ${b.username}, 2:1, winner ${a.username}, 2030-05-01 18:00`,
    });
    await notRecorded(400, () =>
      admin.client.post('/tournament-match', { ...match, winnerId: b.id }),
    );
    await notRecorded(409, () => admin.client.delete(`/tournament-users/${a.id}`));

    const matchId = (await admin.client.get('/tournament-matches')).json()[0].id;
    const nuke = (await admin.client.get('/maps'))
      .json()
      .find((m: { name: string }) => m.name === 'Nuke');
    const maps = await recorded(() =>
      admin.client.post('/match-maps', { matchId, map1: nuke.id, map2: null, map3: null }),
    );
    expect(maps).toMatchObject({
      action: 'match-maps.save',
      summary: 'Maps of round1 match 1: Nuke, —, —',
    });
    await notRecorded(400, () =>
      admin.client.post('/match-maps', { matchId, map1: 2147483647, map2: null, map3: null }),
    );

    const deleted = await recorded(() => admin.client.delete('/tournament-match/round1/0'));
    expect(deleted).toMatchObject({ action: 'match.delete', targetId: 'round1/0' });
    await notRecorded(404, () => admin.client.delete('/tournament-match/round1/0'));

    await recorded(() => admin.client.post('/tournament-match', match));
    const reset = await recorded(() => admin.client.delete('/tournament-matches'));
    expect(reset).toMatchObject({
      action: 'bracket.reset',
      targetType: 'bracket',
      targetId: null,
      summary: 'Reset the bracket: 2 matches deleted', // the match and the winner's next one
    });
    await notRecorded(200, () => admin.client.delete('/tournament-matches'));

    const removed = await recorded(() => admin.client.delete(`/tournament-users/${a.id}`));
    expect(removed).toMatchObject({
      action: 'participant.remove',
      summary: `Removed ${a.username} from the tournament`,
    });
    await notRecorded(404, () => admin.client.delete(`/tournament-users/${a.id}`));
  });

  it('records the admin deletions with what went with them', async () => {
    const target = await createMember(ctx);
    const post = await publish(ctx, target.client, { title: 'Doomed post' });
    await member.client.post('/like', { post_id: post.id });
    const comment = (
      await member.client.post('/comment', { postId: post.id, text: 'Doomed comment' })
    ).json();

    const byComment = await recorded(() => admin.client.delete(`/admin/comment/${comment.id}`));
    expect(byComment).toMatchObject({
      action: 'comment.delete',
      targetType: 'comment',
      targetId: String(comment.id),
      summary: `Deleted comment "Doomed comment" by ${member.username} on "Doomed post"`,
    });
    const byPost = await recorded(() => admin.client.delete(`/admin/post/${post.id}`));
    expect(byPost).toMatchObject({
      action: 'post.delete',
      summary: `Deleted post "Doomed post" by ${target.username} with 0 comments and 1 like`,
    });
    await publish(ctx, target.client);
    const byUser = await recorded(() => admin.client.delete(`/admin/user/${target.id}`));
    expect(byUser).toMatchObject({
      action: 'user.delete',
      targetType: 'user',
      targetId: String(target.id),
      summary: `Deleted member ${target.username} (${target.email}) with 1 post, 0 comments, 0 likes, 0 messages, 0 follows, 0 uploads; €100.00 returned to the system account`,
    });
    await notRecorded(403, () => admin.client.delete(`/admin/user/${admin.id}`));
    await notRecorded(404, () => admin.client.delete(`/admin/user/${target.id}`));
    await notRecorded(404, () => admin.client.delete(`/admin/post/${post.id}`));
  });

  it('rolls the action back when its entry cannot be written: one transaction', async () => {
    const db = ctx.app.db;
    await db.execute(
      sql`alter table audit_log add constraint test_refuse check (summary not like '%Atomic%') not valid`,
    );
    try {
      const before = await count();
      const map = await admin.client.post('/maps', { name: 'Atomic', description: '' });
      expect(map.statusCode).toBe(500);
      expect(map.json().message).not.toMatch(/audit|constraint/i);
      const names = (await admin.client.get('/maps')).json().map((m: { name: string }) => m.name);
      expect(names).not.toContain('Atomic');

      const target = await createMember(ctx, { username: 'Atomicvictim' });
      expect((await admin.client.delete(`/admin/user/${target.id}`)).statusCode).toBe(500);
      expect((await target.client.get('/me')).json()).toMatchObject({ balance: 100 });
      expect(await count()).toBe(before);
    } finally {
      await db.execute(sql`alter table audit_log drop constraint test_refuse`);
    }
  });

  it('filters by action and pages newest first', async () => {
    for (const date of ['2031-01-01', '2031-01-02', '2031-01-03']) {
      await admin.client.post('/calendar/holiday', { date });
    }
    const holidays = await entries('&action=holiday.set');
    expect(holidays.every((e) => e.action === 'holiday.set')).toBe(true);
    const first = (await admin.client.get('/admin/audit?action=holiday.set&limit=2')).json();
    expect(first.items.map((e: AuditEntry) => e.targetId)).toEqual(['2031-01-03', '2031-01-02']);
    const second = (
      await admin.client.get(`/admin/audit?action=holiday.set&limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items[0].targetId).toBe('2031-01-01');
    expect(AUDIT_ACTIONS).toContain('holiday.set');
  });

  it("keeps an admin's entries after the admin's account is gone, under the name they had", async () => {
    const leaving = await createMember(ctx, { email: LEAVING_ADMIN_EMAIL });
    await leaving.client.post('/calendar/holiday', { date: '2032-02-02' });
    expect((await leaving.client.delete('/me')).statusCode).toBe(200);
    const [entry] = await entries('&action=holiday.set');
    expect(entry).toMatchObject({
      actor: null,
      actorUsername: leaving.username,
      targetId: '2032-02-02',
    });
  });

  it('cannot be edited or deleted, even by SQL', async () => {
    const db = ctx.app.db;
    await expect(db.execute(sql`update audit_log set summary = 'forged'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await count()).toBeGreaterThan(0);
  });
});
