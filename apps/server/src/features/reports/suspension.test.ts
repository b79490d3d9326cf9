import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  ERROR_CODES,
  REPORT_MESSAGES,
  SAFETY_LIMITS,
  SAFETY_MESSAGES,
  suspendedMessage,
  WS_CLOSE,
} from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../test/app';
import { connectLive, eventually } from '../../test/live-client';
import { useSuspensionsPanel } from '../../test/suspensions';

const t = useSuspensionsPanel(['chief@suspensions.example', 'deputy@suspensions.example']);
const { suspend, unsuspend, signIn, suspensionOf } = t;
const member = () => t.newMember();

/** Day.month.year hour:minute of an ISO time, in UTC, as the sign-in refusal writes it. */
const utcText = (iso: string) => {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
};

describe('who may suspend', () => {
  it('refuses the anonymous (401) and members (403), and suspends nobody', async () => {
    const target = await member();
    const anonymous = await createClient(t.ctx.app).post(`/admin/user/${target.id}/suspend`, {
      reason: 'spam',
    });
    expect(anonymous.statusCode).toBe(401);
    for (const path of ['suspend', 'unsuspend']) {
      const refused = await t.member.client.post(`/admin/user/${target.id}/${path}`, {
        reason: 'spam',
      });
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json()).toMatchObject({ message: AUTH_MESSAGES.adminsOnly });
    }
    expect((await suspensionOf(target.id)).suspended_at).toBeNull();
  });
});

describe('bad bodies', () => {
  it.each([
    ['no reason', {}, 'reason'],
    ['an empty reason', { reason: '   ' }, 'reason'],
    ['a NUL byte', { reason: 'a\u0000b' }, 'reason'],
    [
      'a reason over the limit',
      { reason: 'x'.repeat(SAFETY_LIMITS.moderationNoteMax + 1) },
      'reason',
    ],
    ['0 days', { reason: 'spam', days: 0 }, 'days'],
    ['366 days', { reason: 'spam', days: 366 }, 'days'],
    ['1.5 days', { reason: 'spam', days: 1.5 }, 'days'],
    ['days as text', { reason: 'spam', days: '7' }, 'days'],
  ])('answers 400 to %s and suspends nobody', async (_, body, field) => {
    const target = await member();
    const response = await suspend(target.id, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.validation, field });
    expect((await suspensionOf(target.id)).suspended_at).toBeNull();
    expect((await signIn(target)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown member', async () => {
    await t.notRecorded(404, () => suspend(999_999, { reason: 'spam' }));
    const response = await unsuspend(999_999);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: ADMIN_MESSAGES.userNotFound });
  });
});

describe('admins', () => {
  it('are not suspended, whether listed in ADMIN_EMAILS or promoted (409), nor themselves', async () => {
    const promoted = await member();
    await t.ctx.app.db.execute(
      sql`update users set promoted_admin = true where id = ${promoted.id}`,
    );
    for (const admin of [t.admins[1]!, promoted, t.admin]) {
      await t.notRecorded(409, () => suspend(admin.id, { reason: 'spam', days: 1 }));
      const response = await suspend(admin.id, { reason: 'spam' });
      expect(response.json()).toEqual({
        message: SAFETY_MESSAGES.cannotSuspendAdmin,
        code: ERROR_CODES.cannotSuspendAdmin,
      });
      expect((await suspensionOf(admin.id)).suspended_at).toBeNull();
      expect((await signIn(admin)).statusCode).toBe(200);
    }
  });
});

describe('a suspension for some days', () => {
  it('refuses sign-in with its end, ends the sessions and closes the sockets with 4403', async () => {
    const target = await member();
    const socket = await connectLive(t.ctx.app, target.token);
    const entry = await t.recorded(() => suspend(target.id, { reason: 'Spamming links', days: 7 }));
    expect(entry).toMatchObject({
      action: 'user.suspend',
      targetType: 'user',
      targetId: String(target.id),
      actor: { id: t.admin.id },
    });
    expect(entry.summary).toContain('Spamming links');

    const row = await suspensionOf(target.id);
    expect(row.suspension_reason).toBe('Spamming links');
    const until = new Date(row.suspended_until as string).toISOString();
    const days =
      (Date.parse(until) - Date.parse(new Date(row.suspended_at as string).toISOString())) /
      86_400_000;
    expect(days).toBe(7);

    await eventually(() => socket.closed.code !== undefined);
    expect(socket.closed.code).toBe(WS_CLOSE.suspended);
    expect(socket.closed.reason).toBe(suspendedMessage(until));
    // The access token and the refresh cookie both stopped working.
    expect((await target.client.get('/me')).statusCode).toBe(401);
    const refreshed = await target.client.post('/refresh');
    expect(refreshed.statusCode).toBe(401);

    const refused = await signIn(target);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: SAFETY_MESSAGES.suspendedUntil(utcText(until)),
      code: ERROR_CODES.suspended,
    });
    // A wrong password answers as it always does: the suspension is no oracle.
    const wrong = await signIn(target, 'Wrong1!password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: ERROR_CODES.invalidCredentials });
  });

  it('answers its end', async () => {
    const target = await member();
    const before = Date.now();
    const response = await suspend(target.id, { reason: 'spam', days: 30 });
    expect(response.statusCode).toBe(200);
    const { message, until } = response.json();
    expect(message).toBe(REPORT_MESSAGES.memberSuspended);
    const end = Date.parse(until);
    expect(end).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000 + 1000);
  });

  it('ends by itself at its time', async () => {
    const target = await member();
    await suspend(target.id, { reason: 'spam', days: 1 });
    expect((await signIn(target)).statusCode).toBe(403);
    await t.ctx.app.db.execute(
      sql`update users set suspended_until = now() - interval '1 second' where id = ${target.id}`,
    );
    const back = await signIn(target);
    expect(back.statusCode).toBe(200);
    expect(
      (await createClient(t.ctx.app).get('/me', { 'access-token': back.json().token })).statusCode,
    ).toBe(200);
  });
});
