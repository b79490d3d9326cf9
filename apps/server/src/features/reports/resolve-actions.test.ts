import { ERROR_CODES, REPORT_MESSAGES, SAFETY_MESSAGES } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createClient, STRONG_PASSWORD } from '../../test/app';
import { publish } from '../../test/factories';
import {
  failingAudit,
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

describe('removing', () => {
  it('deletes the post as an admin deletion does: audit, moderation notification, reporters told', async () => {
    const [author, a, b] = [await member(), await member(), await member()];
    const { post, reports } = await reportedPost(t.ctx, author, [a, b]);
    const before = await t.auditCount();
    const response = await resolve(reports[0]!.id, { action: 'remove', note: 'phishing' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'resolved',
      action: 'remove',
      target: { type: 'post', id: post.id, postId: null },
    });
    expect(await postExists(post.id)).toBe(false);
    const entries = (await t.auditEntries()).slice(0, (await t.auditCount()) - before);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['post.delete', 'report.resolve']);
    expect(await ofType(author, 'moderation')).toMatchObject([
      { subject: { targetType: 'post', title: 'Reported post' } },
    ]);
    for (const reporter of [a, b])
      expect(await ofType(reporter, 'report')).toMatchObject([
        { subject: { status: 'resolved', action: 'remove' } },
      ]);
  });

  it('deletes a comment, and leaves the post', async () => {
    const [author, reporter] = [await member(), await member()];
    const post = await publish(t.ctx, t.member.client, { title: 'Host' });
    const said = (await author.client.post('/comment', { postId: post.id, text: 'rude' })).json();
    const report = await reported(reporter, { targetType: 'comment', targetId: said.id });
    expect((await resolve(report.id, { action: 'remove' })).statusCode).toBe(200);
    expect((await t.member.client.get(`/comments-count/${post.id}`)).json()).toEqual({ count: 0 });
    expect(await ofType(author, 'moderation')).toMatchObject([
      { subject: { targetType: 'comment', title: 'Host', text: 'rude' } },
    ]);
  });

  it('deletes a message from the conversation and tells its sender', async () => {
    const [sender, receiver] = [await member(), await member()];
    const message = (
      await sender.client.post('/messages', { receiverId: receiver.id, text: 'scam link' })
    ).json();
    const report = await reported(receiver, { targetType: 'message', targetId: message.id });
    expect((await resolve(report.id, { action: 'remove' })).statusCode).toBe(200);
    const chat = (await receiver.client.get(`/messages/${sender.id}`)).json();
    expect(chat.items).toEqual([]);
    expect((await receiver.client.get('/messages/unread-count')).json()).toEqual({ count: 0 });
    expect(await ofType(sender, 'moderation')).toMatchObject([
      { subject: { targetType: 'message', title: '', text: 'scam link' } },
    ]);
  });

  it('resolves a report whose post is already gone, removing nothing more', async () => {
    const [author, reporter] = [await member(), await member()];
    const { post, reports } = await reportedPost(t.ctx, author, [reporter]);
    expect((await author.client.delete(`/post/${post.id}`)).statusCode).toBe(200);
    const response = await resolve(reports[0]!.id, { action: 'remove' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'resolved', action: 'remove' });
    expect(await ofType(author, 'moderation')).toEqual([]);
  });

  it('refuses to remove a member (400) and leaves the report open', async () => {
    const [author, reporter] = [await member(), await member()];
    const report = await reported(reporter, { targetType: 'user', targetId: author.id });
    await t.notRecorded(400, () => resolve(report.id, { action: 'remove' }));
    expect((await resolve(report.id, { action: 'remove' })).json()).toEqual({
      message: REPORT_MESSAGES.cannotRemoveMember,
      code: ERROR_CODES.validation,
      field: 'action',
    });
    expect(await reportRows(t.ctx, sql`id = ${report.id}`)).toMatchObject([{ status: 'open' }]);
  });
});

describe('warning', () => {
  it('sends the author a moderation notification with the note, and keeps the post', async () => {
    const [author, reporter] = [await member(), await member()];
    const { post, reports } = await reportedPost(t.ctx, author, [reporter]);
    const response = await resolve(reports[0]!.id, { action: 'warn', note: 'Tone it down.' });
    expect(response.json()).toMatchObject({
      status: 'resolved',
      action: 'warn',
      note: 'Tone it down.',
    });
    expect(await postExists(post.id)).toBe(true);
    expect(await ofType(author, 'moderation')).toMatchObject([
      {
        subject: {
          targetType: 'post',
          title: 'Reported post',
          action: 'warn',
          note: 'Tone it down.',
        },
      },
    ]);
    expect(await ofType(reporter, 'report')).toMatchObject([
      { subject: { status: 'resolved', action: 'warn' } },
    ]);
  });

  it('a reported member is warned about their profile', async () => {
    const [author, reporter] = [await member(), await member()];
    const report = await reported(reporter, { targetType: 'user', targetId: author.id });
    await resolve(report.id, { action: 'warn', note: 'Change your picture.' });
    expect(await ofType(author, 'moderation')).toMatchObject([
      {
        subject: {
          targetType: 'user',
          title: author.username,
          action: 'warn',
          note: 'Change your picture.',
        },
      },
    ]);
  });
});

describe('suspending', () => {
  it('suspends the author, with both audit entries, and tells the reporters', async () => {
    const [author, reporter] = [await member(), await member()];
    const { reports } = await reportedPost(t.ctx, author, [reporter]);
    const before = await t.auditCount();
    const response = await resolve(reports[0]!.id, { action: 'suspend', days: 7, note: 'Spam' });
    expect(response.statusCode, response.body).toBe(200);
    const entries = (await t.auditEntries()).slice(0, (await t.auditCount()) - before);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['report.resolve', 'user.suspend']);
    const refused = await createClient(t.ctx.app).post('/signin', {
      email: author.email,
      password: STRONG_PASSWORD,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ERROR_CODES.suspended });
    expect((await author.client.get('/me')).statusCode).toBe(401);
    expect(await ofType(reporter, 'report')).toMatchObject([
      { subject: { status: 'resolved', action: 'suspend' } },
    ]);
  });

  it('refuses an admin author (409) and changes nothing', async () => {
    const reporter = await member();
    const post = await publish(t.ctx, t.admins[1]!.client, { title: 'By an admin' });
    const report = await reported(reporter, { targetType: 'post', targetId: post.id });
    await t.notRecorded(409, () => resolve(report.id, { action: 'suspend' }));
    expect((await resolve(report.id, { action: 'suspend' })).json()).toEqual({
      message: SAFETY_MESSAGES.cannotSuspendAdmin,
      code: ERROR_CODES.cannotSuspendAdmin,
    });
    expect(await statusesOn(post.id)).toEqual(['open']);
    expect(await ofType(reporter, 'report')).toEqual([]);
  });
});

describe('one transaction', () => {
  it('rolls everything back when its audit entry cannot be written', async () => {
    const [author, reporter] = [await member(), await member()];
    const { post, reports } = await reportedPost(t.ctx, author, [reporter]);
    const before = await t.auditCount();
    const restore = await failingAudit(t.ctx, 'report.resolve');
    try {
      expect((await resolve(reports[0]!.id, { action: 'remove' })).statusCode).toBe(500);
    } finally {
      await restore();
    }
    expect(await postExists(post.id)).toBe(true);
    expect(await statusesOn(post.id)).toEqual(['open']);
    expect(await t.auditCount()).toBe(before);
    expect(await ofType(author, 'moderation')).toEqual([]);
    expect(await ofType(reporter, 'report')).toEqual([]);
  });

  it('two admins resolving reports on one target at once: one wins, the other gets 409', async () => {
    const [author, a, b] = [await member(), await member(), await member()];
    const { post, reports } = await reportedPost(t.ctx, author, [a, b]);
    const answers = await Promise.all([
      resolve(reports[0]!.id, { action: 'dismiss' }),
      resolve(reports[1]!.id, { action: 'remove' }, t.admins[1]!),
    ]);
    const statuses = answers.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((response) => response.statusCode === 200)!.json();
    expect(await statusesOn(post.id)).toEqual(
      winner.action === 'remove' ? ['resolved', 'resolved'] : ['dismissed', 'dismissed'],
    );
  });
});
