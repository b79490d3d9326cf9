import type { Notification, Report } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { useAdminPanel } from './admin-panel';
import type { TestContext } from './app';
import { rowsOf } from './database';
import { createMember, publish, type Member } from './factories';

/** What a member reports, as POST /report takes it. */
export type ReportBody = {
  targetType: 'post' | 'comment' | 'user' | 'message';
  targetId: number;
  reason?: string;
  text?: string;
};

/** `from` writes to `to`; answers the message. */
export async function sendMessage(from: Member, to: Member, text = 'buy cheap coins') {
  const response = await from.client.post('/messages', { receiverId: to.id, text });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

/** `author` comments on a post; answers the comment. */
export async function commentOn(author: Member, postId: number, text: string) {
  const response = await author.client.post('/comment', { postId, text });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

/** Reports through the API (reason `spam` unless given); answers the response. */
export const fileReport = (member: Member, body: ReportBody) =>
  member.client.post('/report', { reason: 'spam', ...body });

/** Reports, which must succeed (201 or 200), and answers the report. */
export async function reported(member: Member, body: ReportBody): Promise<Report> {
  const response = await fileReport(member, body);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

/** A post of `author` and a report of it by each of `reporters`. */
export async function reportedPost(ctx: TestContext, author: Member, reporters: Member[]) {
  const post = await publish(ctx, author.client, { title: 'Reported post' });
  const reports: Report[] = [];
  for (const reporter of reporters)
    reports.push(await reported(reporter, { targetType: 'post', targetId: post.id }));
  return { post, reports };
}

/** A member's notifications, newest first. */
const notificationsOf = async (member: Member): Promise<Notification[]> =>
  (await member.client.get('/notifications?limit=100')).json().items;

/** A member's notifications of one type, newest first. */
export const notificationsOfType = async <T extends Notification['type']>(who: Member, type: T) =>
  (await notificationsOf(who)).filter(
    (item): item is Extract<Notification, { type: T }> => item.type === type,
  );

/** Rows of the reports table as stored (counting behind the API's back). */
export const reportRows = (ctx: TestContext, where = sql`true`) =>
  rowsOf<{ id: number; status: string; action: string | null }>(
    ctx.app.db,
    sql`select id, status, action from reports where ${where} order by id`,
  );

/**
 * Until the returned function runs, writing an audit entry of `action` fails, as a database fault
 * would: what its transaction wrote with it must roll back.
 */
export async function failingAudit(ctx: TestContext, action: string) {
  await ctx.app.db.execute(
    sql.raw(`create function fail_audit() returns trigger language plpgsql as $$
      begin
        if new.action = '${action}' then raise exception 'audit entry refused'; end if;
        return new;
      end $$;
    create trigger fail_audit before insert on audit_log for each row execute function fail_audit();`),
  );
  return () =>
    ctx.app.db.execute(
      sql.raw('drop trigger fail_audit on audit_log; drop function fail_audit();'),
    );
}

/** The admin panel of `useAdminPanel`, and what the tests of resolving reports ask of it. */
export function useReportsPanel(adminEmails: string[]) {
  const t = useAdminPanel(adminEmails);
  return Object.assign(t, {
    newMember: () => createMember(t.ctx),
    /** The first admin, unless `by`, resolves report `id`. */
    resolve: (id: number, body: object, by: Member = t.admin) =>
      by.client.post(`/admin/reports/${id}/resolve`, body),
    /** The statuses of the reports on a post, oldest first. */
    statusesOn: async (postId: number) =>
      (await reportRows(t.ctx, sql`target_type = 'post' and target_id = ${postId}`)).map(
        (row) => row.status,
      ),
    postExists: async (id: number) => (await t.member.client.get(`/post/${id}`)).statusCode === 200,
  });
}
