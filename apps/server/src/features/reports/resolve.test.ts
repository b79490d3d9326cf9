import { AUTH_MESSAGES, ERROR_CODES, REPORT_MESSAGES, SAFETY_LIMITS } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../test/app';
import {
  notificationsOfType,
  reported,
  reportedPost,
  reportRows,
  useReportsPanel,
} from '../../test/reports';

const t = useReportsPanel(['chief@resolve.example', 'deputy@resolve.example']);
const { resolve, statusesOn, postExists } = t;
const member = () => t.newMember();
const ofType = notificationsOfType;

describe('who may resolve', () => {
  it('refuses the anonymous (401) and members (403), and leaves the report open', async () => {
    const [author, reporter] = [await member(), await member()];
    const { post, reports } = await reportedPost(t.ctx, author, [reporter]);
    const id = reports[0]!.id;
    const anonymous = await createClient(t.ctx.app).post(`/admin/reports/${id}/resolve`, {
      action: 'dismiss',
    });
    expect(anonymous.statusCode).toBe(401);
    const refused = await resolve(id, { action: 'remove' }, t.member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: AUTH_MESSAGES.adminsOnly });
    expect(await statusesOn(post.id)).toEqual(['open']);
    expect(await postExists(post.id)).toBe(true);
  });
});

describe('bad bodies', () => {
  it.each([
    ['an unknown action', { action: 'ban' }, 'action'],
    ['no action', {}, 'action'],
    ['a NUL byte in the note', { action: 'warn', note: 'a\u0000b' }, 'note'],
    [
      'a note over the limit',
      { action: 'warn', note: 'x'.repeat(SAFETY_LIMITS.moderationNoteMax + 1) },
      'note',
    ],
    ['0 days', { action: 'suspend', days: 0 }, 'days'],
    ['366 days', { action: 'suspend', days: 366 }, 'days'],
    ['1.5 days', { action: 'suspend', days: 1.5 }, 'days'],
    ['days without a suspension', { action: 'dismiss', days: 7 }, 'days'],
    ['days with a warning', { action: 'warn', days: 7, note: 'stop' }, 'days'],
  ])('answers 400 to %s and changes nothing', async (_, body, field) => {
    const [author, reporter] = [await member(), await member()];
    const { post, reports } = await reportedPost(t.ctx, author, [reporter]);
    await t.notRecorded(400, () => resolve(reports[0]!.id, body));
    const response = await resolve(reports[0]!.id, body);
    expect(response.json()).toMatchObject({ code: ERROR_CODES.validation, field });
    expect(await statusesOn(post.id)).toEqual(['open']);
    expect(await postExists(post.id)).toBe(true);
  });

  it('takes a note of exactly the limit', async () => {
    const [author, reporter] = [await member(), await member()];
    const { reports } = await reportedPost(t.ctx, author, [reporter]);
    const note = 'x'.repeat(SAFETY_LIMITS.moderationNoteMax);
    const response = await resolve(reports[0]!.id, { action: 'dismiss', note });
    expect(response.statusCode).toBe(200);
    expect(response.json().note).toBe(note);
  });
});

describe('which report', () => {
  it('answers 404 for an unknown one', async () => {
    await t.notRecorded(404, () => resolve(999_999, { action: 'dismiss' }));
    expect((await resolve(999_999, { action: 'dismiss' })).json()).toMatchObject({
      message: REPORT_MESSAGES.reportNotFound,
    });
  });

  it('answers 409 for one already resolved, and changes nothing', async () => {
    const [author, reporter] = [await member(), await member()];
    const { post, reports } = await reportedPost(t.ctx, author, [reporter]);
    expect((await resolve(reports[0]!.id, { action: 'dismiss' })).statusCode).toBe(200);
    await t.notRecorded(409, () => resolve(reports[0]!.id, { action: 'remove' }));
    expect((await resolve(reports[0]!.id, { action: 'remove' })).json()).toEqual({
      message: REPORT_MESSAGES.alreadyResolved,
      code: ERROR_CODES.reportResolved,
    });
    expect(await postExists(post.id)).toBe(true);
    expect(await ofType(reporter, 'report')).toHaveLength(1);
  });
});

describe('dismissing', () => {
  it('dismisses every open report on the target and tells each reporter, never naming the admin', async () => {
    const [author, a, b, c] = [await member(), await member(), await member(), await member()];
    const { post, reports } = await reportedPost(t.ctx, author, [a, b, c]);
    const elsewhere = await reported(a, { targetType: 'user', targetId: author.id });
    const entry = await t.recorded(() =>
      resolve(reports[1]!.id, { action: 'dismiss', note: 'Satire, allowed' }),
    );
    expect(entry).toMatchObject({
      action: 'report.resolve',
      targetType: 'report',
      targetId: String(reports[1]!.id),
    });
    expect(entry.summary).toContain('3 reports');

    expect(await statusesOn(post.id)).toEqual(['dismissed', 'dismissed', 'dismissed']);
    expect(await reportRows(t.ctx, sql`id = ${elsewhere.id}`)).toMatchObject([{ status: 'open' }]);
    expect(await postExists(post.id)).toBe(true);
    for (const reporter of [a, b, c]) {
      const [notice] = await ofType(reporter, 'report');
      expect(notice).toMatchObject({
        subject: { status: 'dismissed', action: null },
        actors: [],
        actorsCount: 0,
        readAt: null,
      });
    }
    expect(await ofType(author, 'moderation')).toEqual([]);
  });

  it('answers the report as it now is', async () => {
    const [author, reporter] = [await member(), await member()];
    const { reports } = await reportedPost(t.ctx, author, [reporter]);
    const response = await resolve(reports[0]!.id, { action: 'dismiss', note: 'fine' });
    expect(response.json()).toMatchObject({
      id: reports[0]!.id,
      status: 'dismissed',
      action: null,
      note: 'fine',
      resolvedBy: { id: t.admin.id, username: t.admin.username },
      reportsCount: 0,
    });
    expect(Date.parse(response.json().resolvedAt)).not.toBeNaN();
  });

  it('tells no reporter who switched report notifications off', async () => {
    const [author, quiet, loud] = [await member(), await member(), await member()];
    expect(
      (await quiet.client.put('/notifications/settings', { report: false })).json(),
    ).toMatchObject({
      report: false,
    });
    const { reports } = await reportedPost(t.ctx, author, [quiet, loud]);
    await resolve(reports[0]!.id, { action: 'dismiss' });
    expect(await ofType(quiet, 'report')).toEqual([]);
    expect(await ofType(loud, 'report')).toHaveLength(1);
  });
});
