import {
  AUTH_MESSAGES,
  ERROR_CODES,
  REPORT_MESSAGES,
  SAFETY_LIMITS,
  SAFETY_MESSAGES,
} from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminPanel } from '../../test/admin-panel';
import { createClient, signUpUnverified } from '../../test/app';
import { createMember, publish, type Member } from '../../test/factories';
import { commentOn, fileReport, reportRows, sendMessage } from '../../test/reports';

const t = useAdminPanel(['chief@reports.example']);
const member = () => createMember(t.ctx);

const reportsOf = (reporter: Member) => reportRows(t.ctx, sql`reporter_id = ${reporter.id}`);

describe('who may report', () => {
  it('refuses the anonymous (401) and the unconfirmed (403), and stores nothing', async () => {
    const post = await publish(t.ctx, t.member.client);
    const body = { targetType: 'post', targetId: post.id, reason: 'spam' };
    const anonymous = await createClient(t.ctx.app).post('/report', body);
    expect(anonymous.statusCode).toBe(401);
    const unconfirmed = createClient(t.ctx.app);
    await signUpUnverified(unconfirmed);
    const refused = await unconfirmed.post('/report', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: AUTH_MESSAGES.emailNotVerified,
      code: ERROR_CODES.emailNotVerified,
    });
    expect(await reportRows(t.ctx, sql`target_id = ${post.id}`)).toEqual([]);
  });
});

describe('bad bodies', () => {
  it.each([
    ['an unknown target type', { targetType: 'album', targetId: 1, reason: 'spam' }, 'targetType'],
    ['an unknown reason', { targetType: 'post', targetId: 1, reason: 'boring' }, 'reason'],
    ['no reason', { targetType: 'post', targetId: 1 }, 'reason'],
    ['an id out of range', { targetType: 'post', targetId: 2 ** 31, reason: 'spam' }, 'targetId'],
    ['a fractional id', { targetType: 'post', targetId: 1.5, reason: 'spam' }, 'targetId'],
    ['a NUL byte', { targetType: 'post', targetId: 1, reason: 'spam', text: 'a\u0000b' }, 'text'],
    [
      'a text over the limit',
      {
        targetType: 'post',
        targetId: 1,
        reason: 'other',
        text: 'x'.repeat(SAFETY_LIMITS.reportTextMax + 1),
      },
      'text',
    ],
  ])('answers 400 to %s and stores nothing', async (_, body, field) => {
    const reporter = await member();
    const response = await reporter.client.post('/report', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.validation, field });
    expect(await reportsOf(reporter)).toEqual([]);
  });

  it('takes a text of exactly the limit', async () => {
    const [reporter, author] = [await member(), await member()];
    const response = await fileReport(reporter, {
      targetType: 'user',
      targetId: author.id,
      text: 'x'.repeat(SAFETY_LIMITS.reportTextMax),
    });
    expect(response.statusCode).toBe(201);
  });
});

describe('what may be reported', () => {
  it('answers 404 for targets that do not exist, and stores nothing', async () => {
    const reporter = await member();
    for (const targetType of ['post', 'comment', 'user', 'message'] as const) {
      const response = await fileReport(reporter, { targetType, targetId: 999_999 });
      expect(response.statusCode, targetType).toBe(404);
    }
    expect(await reportsOf(reporter)).toEqual([]);
  });

  it('answers 404 for a message between others: the reporter learns nothing of it', async () => {
    const [reporter, a, b] = [await member(), await member(), await member()];
    const message = await sendMessage(a, b);
    const response = await fileReport(reporter, { targetType: 'message', targetId: message.id });
    expect(response.statusCode).toBe(404);
  });

  it('refuses a message the reporter sent (403), takes one they received with its text', async () => {
    const [sender, receiver] = [await member(), await member()];
    const message = await sendMessage(sender, receiver, 'send me your password');
    const own = await fileReport(sender, { targetType: 'message', targetId: message.id });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      message: REPORT_MESSAGES.messageNotReceived,
      code: ERROR_CODES.forbidden,
    });
    expect(await reportsOf(sender)).toEqual([]);

    const response = await fileReport(receiver, { targetType: 'message', targetId: message.id });
    expect(response.statusCode).toBe(201);
    expect(response.json().target).toMatchObject({
      type: 'message',
      id: message.id,
      author: { id: sender.id, username: sender.username },
      excerpt: 'send me your password',
    });
  });

  it('refuses the reporter themself and their own post or comment (400 SELF_TARGET)', async () => {
    const reporter = await member();
    const post = await publish(t.ctx, reporter.client);
    const own = await commentOn(reporter, post.id, 'my own words');
    for (const [targetType, targetId] of [
      ['user', reporter.id],
      ['post', post.id],
      ['comment', own.id],
    ] as const) {
      const response = await fileReport(reporter, { targetType, targetId });
      expect(response.statusCode, targetType).toBe(400);
      expect(response.json()).toEqual({
        message: SAFETY_MESSAGES.selfReport,
        code: ERROR_CODES.selfTarget,
        field: 'targetId',
      });
    }
    expect(await reportsOf(reporter)).toEqual([]);
  });

  it('answers 404 for a post or comment hidden from the reporter by a block, either way', async () => {
    const [reporter, blocker, blocked] = [await member(), await member(), await member()];
    const byBlocker = await publish(t.ctx, blocker.client);
    const onIt = await commentOn(blocked, byBlocker.id, 'a comment');
    const byBlocked = await publish(t.ctx, blocked.client);
    await t.ctx.app.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${blocker.id}, ${reporter.id}), (${reporter.id}, ${blocked.id})`,
    );
    for (const [targetType, targetId] of [
      ['post', byBlocker.id],
      ['post', byBlocked.id],
      ['comment', onIt.id],
    ] as const) {
      const response = await fileReport(reporter, { targetType, targetId });
      expect(response.statusCode, `${targetType} ${targetId}`).toBe(404);
    }
    // Someone outside the block reports the same post.
    const other = await member();
    expect(
      (await fileReport(other, { targetType: 'post', targetId: byBlocker.id })).statusCode,
    ).toBe(201);
  });

  it("answers 404 for a suspended author's post, and takes it again once the suspension ended", async () => {
    const [reporter, author] = [await member(), await member()];
    const post = await publish(t.ctx, author.client);
    await t.ctx.app.db.execute(
      sql`update users set suspended_at = now(), suspended_until = now() + interval '1 day' where id = ${author.id}`,
    );
    const body = { targetType: 'post', targetId: post.id } as const;
    expect((await fileReport(reporter, body)).statusCode).toBe(404);
    await t.ctx.app.db.execute(
      sql`update users set suspended_until = now() - interval '1 second' where id = ${author.id}`,
    );
    expect((await fileReport(reporter, body)).statusCode).toBe(201);
  });
});
