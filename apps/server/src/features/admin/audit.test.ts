import { AUDIT_ACTIONS, type AuditEntry } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminPanel } from '../../test/admin-panel';
import { createMember, publish } from '../../test/factories';

const LEAVING_ADMIN_EMAIL = 'leaving@admin.example';

// The leaving admin signs up in the test that deletes their account.
const t = useAdminPanel(['auditor@admin.example', LEAVING_ADMIN_EMAIL], 1);

describe('the audit log', () => {
  it('records map changes with who, what, target and a summary', async () => {
    const added = await t.recorded(() =>
      t.admin.client.post('/maps', { name: 'Mirage', description: 'Desert town' }),
    );
    const mapId = (await t.admin.client.get('/maps'))
      .json()
      .find((m: { name: string }) => m.name === 'Mirage').id;
    expect(added).toEqual({
      id: expect.any(Number),
      actor: {
        id: t.admin.id,
        username: t.admin.username,
        fullName: expect.any(String),
        avatar: null,
      },
      actorUsername: t.admin.username,
      action: 'map.create',
      targetType: 'map',
      targetId: String(mapId),
      summary: 'Added map "Mirage"',
      createdAt: expect.any(String),
    } satisfies AuditEntry);
    const deleted = await t.recorded(() => t.admin.client.delete(`/maps/${mapId}`));
    expect(deleted).toMatchObject({ action: 'map.delete', summary: 'Deleted map "Mirage"' });
  });

  it("records an admin deleting someone else's post or comment from the feed as from the panel, not an author's own", async () => {
    const post = await publish(t.ctx, t.member.client, { title: 'Feed post' });
    const comment = (
      await t.member.client.post('/comment', { postId: post.id, text: 'A comment' })
    ).json();
    const own = (await t.admin.client.post('/comment', { postId: post.id, text: 'Mine' })).json();
    await t.notRecorded(200, () => t.admin.client.delete(`/comment/${own.id}`));
    const removedComment = await t.recorded(() => t.admin.client.delete(`/comment/${comment.id}`));
    expect(removedComment).toMatchObject({
      action: 'comment.delete',
      targetId: String(comment.id),
      summary: `Deleted comment "A comment" by ${t.member.username} on "Feed post"`,
    });
    const removedPost = await t.recorded(() => t.admin.client.delete(`/post/${post.id}`));
    expect(removedPost).toMatchObject({
      action: 'post.delete',
      targetId: String(post.id),
      summary: `Deleted post "Feed post" by ${t.member.username} with 0 comments and 0 likes`,
    });
  });

  it('records nothing when a map change fails', async () => {
    await t.notRecorded(409, () => t.admin.client.post('/maps', { name: 'nuke', description: '' }));
    await t.notRecorded(404, () => t.admin.client.delete('/maps/2147483647'));
    await t.notRecorded(403, () =>
      t.member.client.post('/maps', { name: 'Cache', description: '' }),
    );
  });

  it('records holidays set and removed, but not a change that changed nothing', async () => {
    const set = await t.recorded(() =>
      t.admin.client.post('/calendar/holiday', { date: '2030-12-25' }),
    );
    expect(set).toMatchObject({
      action: 'holiday.set',
      targetType: 'holiday',
      targetId: '2030-12-25',
      summary: 'Set a holiday on 2030-12-25',
    });
    await t.notRecorded(200, () =>
      t.admin.client.post('/calendar/holiday', { date: '2030-12-25' }),
    );
    const removed = await t.recorded(() => t.admin.client.delete('/calendar/holiday/2030-12-25'));
    expect(removed).toMatchObject({ action: 'holiday.remove', targetId: '2030-12-25' });
    await t.notRecorded(200, () => t.admin.client.delete('/calendar/holiday/2030-12-25'));
  });

  it('records the admin deletions with what went with them', async () => {
    const target = await createMember(t.ctx);
    const post = await publish(t.ctx, target.client, { title: 'Doomed post' });
    await t.member.client.post('/like', { post_id: post.id });
    const comment = (
      await t.member.client.post('/comment', { postId: post.id, text: 'Doomed comment' })
    ).json();

    const byComment = await t.recorded(() => t.admin.client.delete(`/admin/comment/${comment.id}`));
    expect(byComment).toMatchObject({
      action: 'comment.delete',
      targetType: 'comment',
      targetId: String(comment.id),
      summary: `Deleted comment "Doomed comment" by ${t.member.username} on "Doomed post"`,
    });
    const byPost = await t.recorded(() => t.admin.client.delete(`/admin/post/${post.id}`));
    expect(byPost).toMatchObject({
      action: 'post.delete',
      summary: `Deleted post "Doomed post" by ${target.username} with 0 comments and 1 like`,
    });
    await publish(t.ctx, target.client);
    const byUser = await t.recorded(() => t.admin.client.delete(`/admin/user/${target.id}`));
    expect(byUser).toMatchObject({
      action: 'user.delete',
      targetType: 'user',
      targetId: String(target.id),
      summary: `Deleted member ${target.username} (${target.email}) with 1 post, 0 comments, 0 likes, 0 messages, 0 follows, 0 uploads; €100.00 returned to the system account`,
    });
    await t.notRecorded(403, () => t.admin.client.delete(`/admin/user/${t.admin.id}`));
    await t.notRecorded(404, () => t.admin.client.delete(`/admin/user/${target.id}`));
    await t.notRecorded(404, () => t.admin.client.delete(`/admin/post/${post.id}`));
  });

  it('rolls the action back when its entry cannot be written: one transaction', async () => {
    const db = t.ctx.app.db;
    await db.execute(
      sql`alter table audit_log add constraint test_refuse check (summary not like '%Atomic%') not valid`,
    );
    try {
      const before = await t.auditCount();
      const map = await t.admin.client.post('/maps', { name: 'Atomic', description: '' });
      expect(map.statusCode).toBe(500);
      expect(map.json().message).not.toMatch(/audit|constraint/i);
      const names = (await t.admin.client.get('/maps')).json().map((m: { name: string }) => m.name);
      expect(names).not.toContain('Atomic');

      const target = await createMember(t.ctx, { username: 'Atomicvictim' });
      expect((await t.admin.client.delete(`/admin/user/${target.id}`)).statusCode).toBe(500);
      expect((await target.client.get('/me')).json()).toMatchObject({ balance: 100 });
      expect(await t.auditCount()).toBe(before);
    } finally {
      await db.execute(sql`alter table audit_log drop constraint test_refuse`);
    }
  });

  it('filters by action and pages newest first', async () => {
    for (const date of ['2031-01-01', '2031-01-02', '2031-01-03']) {
      await t.admin.client.post('/calendar/holiday', { date });
    }
    const holidays = await t.auditEntries('&action=holiday.set');
    expect(holidays.every((e) => e.action === 'holiday.set')).toBe(true);
    const first = (await t.admin.client.get('/admin/audit?action=holiday.set&limit=2')).json();
    expect(first.items.map((e: AuditEntry) => e.targetId)).toEqual(['2031-01-03', '2031-01-02']);
    const second = (
      await t.admin.client.get(`/admin/audit?action=holiday.set&limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items[0].targetId).toBe('2031-01-01');
    expect(AUDIT_ACTIONS).toContain('holiday.set');
  });

  it("keeps an admin's entries after the admin's account is gone, under the name they had", async () => {
    const leaving = await createMember(t.ctx, { email: LEAVING_ADMIN_EMAIL });
    await leaving.client.post('/calendar/holiday', { date: '2032-02-02' });
    expect((await leaving.client.delete('/me')).statusCode).toBe(200);
    const [entry] = await t.auditEntries('&action=holiday.set');
    expect(entry).toMatchObject({
      actor: null,
      actorUsername: leaving.username,
      targetId: '2032-02-02',
    });
  });

  it('cannot be edited or deleted, even by SQL', async () => {
    const db = t.ctx.app.db;
    await expect(db.execute(sql`update audit_log set summary = 'forged'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await t.auditCount()).toBeGreaterThan(0);
  });
});
