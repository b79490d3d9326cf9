import { ERROR_CODES, REPORT_MESSAGES, SAFETY_MESSAGES } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../test/app';
import { failingAudit } from '../../test/reports';
import { useSuspensionsPanel } from '../../test/suspensions';

const t = useSuspensionsPanel(['chief@suspensions.example', 'deputy@suspensions.example']);
const { suspend, unsuspend, signIn, suspensionOf } = t;
const member = () => t.newMember();

describe('a session a suspension missed', () => {
  it('(one a sign-in started as the suspension ran) ends at its next request and refresh', async () => {
    const target = await member();
    const elsewhere = createClient(t.ctx.app);
    elsewhere.token = target.token;
    elsewhere.refreshCookie = target.client.refreshCookie;
    // Suspended behind the command's back: the sessions stay unrevoked.
    await t.ctx.app.db.execute(
      sql`update users set suspended_at = now(), suspended_until = now() + interval '1 hour' where id = ${target.id}`,
    );
    await t.ctx.app.events.post({ kind: 'member', userId: target.id });
    expect((await target.client.get('/me')).statusCode).toBe(401);
    const refreshed = await target.client.post('/refresh');
    expect(refreshed.statusCode).toBe(403);
    expect(refreshed.json()).toMatchObject({ code: ERROR_CODES.suspended });
    // That refresh ended the session: the cookie is refused from then on, suspended or not.
    await t.ctx.app.db.execute(sql`update users set suspended_at = null where id = ${target.id}`);
    expect((await elsewhere.post('/refresh')).statusCode).toBe(401);
  });
});

describe('a suspension until lifted', () => {
  it('says so at sign-in, and lifting it lets the member in again', async () => {
    const target = await member();
    const response = await suspend(target.id, { reason: 'Harassment' });
    expect(response.json()).toEqual({ message: REPORT_MESSAGES.memberSuspended, until: null });
    const refused = await signIn(target);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: SAFETY_MESSAGES.suspended,
      code: ERROR_CODES.suspended,
    });

    const entry = await t.recorded(() => unsuspend(target.id));
    expect(entry).toMatchObject({ action: 'user.unsuspend', targetId: String(target.id) });
    expect(await suspensionOf(target.id)).toEqual({
      suspended_at: null,
      suspended_until: null,
      suspension_reason: null,
    });
    expect((await signIn(target)).statusCode).toBe(200);
  });

  it('a second suspension replaces the first one’s end', async () => {
    const target = await member();
    await suspend(target.id, { reason: 'first' });
    const response = await suspend(target.id, { reason: 'second', days: 2 });
    expect(response.json().until).not.toBeNull();
    expect((await suspensionOf(target.id)).suspension_reason).toBe('second');
  });
});

describe('lifting', () => {
  it('records nothing for a member who is not suspended, or whose suspension ended', async () => {
    const target = await member();
    await t.notRecorded(200, () => unsuspend(target.id));
    expect((await unsuspend(target.id)).json()).toEqual({
      message: REPORT_MESSAGES.suspensionLifted,
      until: null,
    });
    await suspend(target.id, { reason: 'spam', days: 1 });
    await t.ctx.app.db.execute(
      sql`update users set suspended_until = now() - interval '1 second' where id = ${target.id}`,
    );
    await t.notRecorded(200, () => unsuspend(target.id));
    expect((await suspensionOf(target.id)).suspended_at).toBeNull();
  });
});

describe('the audit entry', () => {
  it('commits with the suspension: when it cannot be written, nothing is suspended', async () => {
    const target = await member();
    const restore = await failingAudit(t.ctx, 'user.suspend');
    try {
      expect((await suspend(target.id, { reason: 'spam', days: 3 })).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect((await suspensionOf(target.id)).suspended_at).toBeNull();
    // The sessions were not revoked either.
    expect((await target.client.get('/me')).statusCode).toBe(200);
    expect((await target.client.post('/refresh')).statusCode).toBe(200);
  });
});
