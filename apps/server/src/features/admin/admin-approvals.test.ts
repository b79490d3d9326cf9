import { APPROVAL_MESSAGES, AUTH_MESSAGES, ERROR_CODES, type AdminUser } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient, newUser } from '../../test/app';
import { createMember, publish } from '../../test/factories';
import { useRegistrations } from '../../test/registrations';

const t = useRegistrations(['approver@admin.example', 'second@admin.example']);

async function listed(query: string): Promise<AdminUser[]> {
  const response = await t.admin.client.get(`/admin/users?limit=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

describe('who may approve and reject', () => {
  it.each(['approve', 'reject'])(
    'POST /admin/user/:id/%s answers 401 to the anonymous',
    async (action) => {
      const waiting = await t.pendingMember('guarded');
      const response = await createClient(t.ctx.app).post(`/admin/user/${waiting.id}/${action}`);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(AUTH_MESSAGES.authorizationRequired);
    },
  );

  it.each(['approve', 'reject'])(
    'POST /admin/user/:id/%s answers 403 to a member, changing nothing',
    async (action) => {
      const waiting = await t.pendingMember('guarded');
      await t.notRecorded(403, () => t.member.client.post(`/admin/user/${waiting.id}/${action}`));
      expect((await waiting.client.get('/me')).json().pendingApproval).toBe(true);
    },
  );
});

describe('approving and rejecting', () => {
  it('answers 400 for an id that is not one', async () => {
    for (const action of ['approve', 'reject']) {
      const response = await t.admin.client.post(`/admin/user/abc/${action}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('id');
    }
  });

  it('answers 404 for a member who does not exist, recording nothing', async () => {
    for (const action of ['approve', 'reject']) {
      await t.notRecorded(404, () => t.admin.client.post(`/admin/user/2147483647/${action}`));
    }
  });

  it('answers 409 for a member who is not waiting, changing nothing', async () => {
    const active = await createMember(t.ctx, newUser('active'));
    for (const action of ['approve', 'reject']) {
      const before = await t.auditCount();
      const response = await t.admin.client.post(`/admin/user/${active.id}/${action}`);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: APPROVAL_MESSAGES.notPending,
        code: ERROR_CODES.notPendingApproval,
      });
      expect(await t.auditCount()).toBe(before);
    }
    expect((await active.client.get('/me')).statusCode).toBe(200);
  });

  it('refuses to reject an admin or the admin themself, as deletion does', async () => {
    await t.notRecorded(403, () => t.admin.client.post(`/admin/user/${t.admin.id}/reject`));
    await t.notRecorded(403, () => t.admin.client.post(`/admin/user/${t.admins[1]!.id}/reject`));
  });

  it('approves a waiting member: they may write, and the log says who approved whom', async () => {
    const waiting = await t.pendingMember('approve');
    const entry = await t.recorded(() => t.admin.client.post(`/admin/user/${waiting.id}/approve`));
    expect(entry).toMatchObject({
      action: 'user.approve',
      targetType: 'user',
      targetId: String(waiting.id),
      summary: `Approved member ${waiting.username} (${waiting.email})`,
    });
    const approved = await t.admin.client.post(`/admin/user/${waiting.id}/reject`);
    expect(approved.statusCode).toBe(409);
    expect((await waiting.client.get('/me')).json().pendingApproval).toBe(false);
    await publish(t.ctx, waiting.client);
    await t.notRecorded(409, () => t.admin.client.post(`/admin/user/${waiting.id}/approve`));
  });

  it('answers the approval in words', async () => {
    const waiting = await t.pendingMember('approve-text');
    const response = await t.admin.client.post(`/admin/user/${waiting.id}/approve`);
    expect(response.json()).toEqual({ message: APPROVAL_MESSAGES.userApproved });
  });

  it('rejects a waiting member: the account goes as an admin deletion takes it', async () => {
    const waiting = await t.pendingMember('reject');
    const entry = await t.recorded(() => t.admin.client.post(`/admin/user/${waiting.id}/reject`));
    expect(entry).toMatchObject({
      action: 'user.reject',
      targetType: 'user',
      targetId: String(waiting.id),
      summary: expect.stringMatching(
        new RegExp(
          `^Rejected member ${waiting.username} \\(${waiting.email.replace('.', '\\.')}\\) with 0 posts`,
        ),
      ),
    });
    expect((await waiting.client.get('/me')).statusCode).toBe(401);
    const signIn = await createClient(t.ctx.app).post('/signin', {
      email: waiting.email,
      password: waiting.password,
    });
    expect(signIn.statusCode).toBe(401);
    expect(await listed(`query=${waiting.username}`)).toEqual([]);
    await t.notRecorded(404, () => t.admin.client.post(`/admin/user/${waiting.id}/reject`));
  });

  it('answers the rejection in words', async () => {
    const waiting = await t.pendingMember('reject-text');
    const response = await t.admin.client.post(`/admin/user/${waiting.id}/reject`);
    expect(response.json()).toEqual({ message: APPROVAL_MESSAGES.userRejected });
  });
});

describe('the audit entry and the change are one transaction', () => {
  it('rolls an approval and a rejection back when their entry cannot be written', async () => {
    const db = t.ctx.app.db;
    const approving = await t.pendingMember('atomic-a');
    const rejecting = await t.pendingMember('atomic-r');
    await db.execute(
      sql`alter table audit_log add constraint test_refuse_approvals check (action not in ('user.approve', 'user.reject')) not valid`,
    );
    try {
      const before = await t.auditCount();
      const approve = await t.admin.client.post(`/admin/user/${approving.id}/approve`);
      expect(approve.statusCode).toBe(500);
      expect((await approving.client.get('/me')).json().pendingApproval).toBe(true);
      const reject = await t.admin.client.post(`/admin/user/${rejecting.id}/reject`);
      expect(reject.statusCode).toBe(500);
      expect((await rejecting.client.get('/me')).json()).toMatchObject({ balance: 100 });
      expect(await t.auditCount()).toBe(before);
    } finally {
      await db.execute(sql`alter table audit_log drop constraint test_refuse_approvals`);
    }
  });
});

describe('the Users list: status', () => {
  it('shows each member active, pending or suspended, with when a suspension ends', async () => {
    const active = await createMember(t.ctx, newUser('status-active'));
    const pending = await t.pendingMember('status-pending');
    const until = await createMember(t.ctx, newUser('status-until'));
    const forever = await createMember(t.ctx, newUser('status-forever'));
    const ended = await createMember(t.ctx, newUser('status-ended'));
    const suspendedWaiting = await t.pendingMember('status-both');
    const db = t.ctx.app.db;
    const endsAt = new Date(Date.now() + 3 * 86_400_000);
    await db.execute(
      sql`update users set suspended_at = now(), suspended_until = ${endsAt.toISOString()} where id in (${until.id}, ${suspendedWaiting.id})`,
    );
    await db.execute(sql`update users set suspended_at = now() where id = ${forever.id}`);
    await db.execute(
      sql`update users set suspended_at = now() - interval '2 days', suspended_until = now() - interval '1 day' where id = ${ended.id}`,
    );

    const rows = await listed('query=status-');
    const statusOf = Object.fromEntries(
      rows.map((row) => [row.username, [row.status, row.suspendedUntil]]),
    );
    expect(statusOf).toEqual({
      [active.username]: ['active', null],
      [pending.username]: ['pending', null],
      [until.username]: ['suspended', endsAt.toISOString()],
      [forever.username]: ['suspended', null],
      [ended.username]: ['active', null],
      [suspendedWaiting.username]: ['suspended', endsAt.toISOString()],
    });

    const only = async (status: string) =>
      (await listed(`query=status-&status=${status}`)).map((row) => row.username).sort();
    expect(await only('pending')).toEqual([pending.username]);
    expect(await only('suspended')).toEqual(
      [until.username, forever.username, suspendedWaiting.username].sort(),
    );
    expect(await only('active')).toEqual([active.username, ended.username].sort());
  });

  it('pages the pending members newest first', async () => {
    const waiting = [];
    for (let i = 0; i < 3; i++) waiting.push(await t.pendingMember(`paged-pending`));
    const first = (
      await t.admin.client.get('/admin/users?status=pending&query=paged-pending&limit=2')
    ).json();
    expect(first.items.map((u: AdminUser) => u.id)).toEqual([waiting[2]!.id, waiting[1]!.id]);
    const second = (
      await t.admin.client.get(
        `/admin/users?status=pending&query=paged-pending&limit=2&cursor=${first.nextCursor}`,
      )
    ).json();
    expect(second.items.map((u: AdminUser) => u.id)).toEqual([waiting[0]!.id]);
    expect(second.nextCursor).toBeNull();
  });

  it('answers 400 for an unknown status', async () => {
    const response = await t.admin.client.get('/admin/users?status=banned');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'status', message: 'Unknown status' });
  });

  it('drops a member from the pending list once approved', async () => {
    const waiting = await t.pendingMember('approved-list');
    expect((await listed('status=pending&query=approved-list')).map((u) => u.id)).toEqual([
      waiting.id,
    ]);
    await t.admin.client.post(`/admin/user/${waiting.id}/approve`);
    expect(await listed('status=pending&query=approved-list')).toEqual([]);
    expect((await listed('query=approved-list'))[0]?.status).toBe('active');
  });
});
