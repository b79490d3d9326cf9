import {
  COMMENT_MESSAGES,
  ERROR_CODES,
  MESSAGE_MESSAGES,
  POST_MESSAGES,
  PROFILE_MESSAGES,
  REPORT_MESSAGES,
  SAFETY_MESSAGES,
  type Report,
  type reportInputSchema,
} from '@devplay/shared';
import { and, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { comments, messages, posts, reports, users } from '../../db/schema/index';
import { blockedBetween, suspendedNow } from '../../db/visibility';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { announceOpenReports, type OpenCountDeps } from './open-count';
import { presentReport, reportById } from './queries';

type ReportInput = z.output<typeof reportInputSchema>;

/** What a report keeps of its target: whose it is, and what it said then. */
type Target = { authorId: number; excerpt: string };

/** How much of a post's description its excerpt keeps after the title. */
const DESCRIPTION_EXCERPT = 200;

const postExcerpt = (title: string, description: string) =>
  description.length > DESCRIPTION_EXCERPT
    ? `${title} — ${description.slice(0, DESCRIPTION_EXCERPT - 1)}…`
    : `${title} — ${description}`;

/**
 * The reporter does not see the author's posts and comments (API.md "Safety."): either blocks
 * the other, or the author is suspended. `author` is a column of the author's `users` row.
 */
const hiddenFrom = (reporterId: number, author: AnyColumn) =>
  sql<boolean>`(${blockedBetween(reporterId, author)}
    or ${suspendedNow(users.suspendedAt, users.suspendedUntil)})`;

/**
 * The target as the reporter may see it: 404 when it does not exist or is hidden from them, as
 * the target's own page answers; a message only when they received it (403 for one they sent, 404
 * for anyone else's, as the chat answers).
 */
async function findTarget(db: Db, reporterId: number, input: ReportInput): Promise<Target> {
  const id = input.targetId;
  switch (input.targetType) {
    case 'post': {
      const [post] = await db
        .select({
          authorId: posts.authorId,
          title: posts.title,
          description: posts.description,
          hidden: hiddenFrom(reporterId, users.id),
        })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(eq(posts.id, id));
      if (!post || post.hidden) throw notFound(POST_MESSAGES.notFound);
      return { authorId: post.authorId, excerpt: postExcerpt(post.title, post.description) };
    }
    case 'comment': {
      const [comment] = await db
        .select({
          authorId: comments.userId,
          text: comments.text,
          hidden: hiddenFrom(reporterId, users.id),
        })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(eq(comments.id, id));
      if (!comment || comment.hidden) throw notFound(COMMENT_MESSAGES.notFound);
      return { authorId: comment.authorId, excerpt: comment.text };
    }
    case 'user': {
      const [member] = await db
        .select({ username: users.username, fullName: users.fullName })
        .from(users)
        .where(eq(users.id, id));
      if (!member) throw notFound(PROFILE_MESSAGES.userNotFound);
      const named = member.fullName && member.fullName !== member.username;
      return {
        authorId: id,
        excerpt: named ? `${member.username} (${member.fullName})` : member.username,
      };
    }
    case 'message': {
      const [message] = await db.select().from(messages).where(eq(messages.id, id));
      if (!message || (message.senderId !== reporterId && message.receiverId !== reporterId))
        throw notFound(MESSAGE_MESSAGES.notFound);
      if (message.receiverId !== reporterId)
        throw forbidden(REPORT_MESSAGES.messageNotReceived, ERROR_CODES.forbidden);
      return { authorId: message.senderId, excerpt: message.text };
    }
  }
}

/** The open report of this reporter on this target, if any. */
async function openReportOf(db: Db, reporterId: number, input: ReportInput) {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetType, input.targetType),
        eq(reports.targetId, input.targetId),
        eq(reports.status, 'open'),
      ),
    );
  return row?.id;
}

/**
 * A member reports a post, comment, member or message they can see. One open report per
 * reporter and target (the partial unique index): reporting again answers the open one as it is
 * (`created` false), whatever reason the second time gave. The reporter's answer says nothing of
 * other reports: `reportsCount` counts theirs only.
 */
export async function fileReport(
  deps: OpenCountDeps,
  reporterId: number,
  input: ReportInput,
): Promise<{ report: Report; created: boolean }> {
  const { db } = deps;
  const target = await findTarget(db, reporterId, input);
  if (target.authorId === reporterId)
    throw badRequest(SAFETY_MESSAGES.selfReport, ERROR_CODES.selfTarget, 'targetId');
  // The open one may be resolved between a refused insert and its read: then insert again.
  for (;;) {
    const [created] = await db
      .insert(reports)
      .values({
        reporterId,
        targetType: input.targetType,
        targetId: input.targetId,
        targetAuthorId: target.authorId,
        excerpt: target.excerpt,
        reason: input.reason,
        text: input.text ?? '',
      })
      .onConflictDoNothing({
        target: [reports.reporterId, reports.targetType, reports.targetId],
        where: sql`status = 'open'`,
      })
      .returning({ id: reports.id });
    const id = created?.id ?? (await openReportOf(db, reporterId, input));
    if (id === undefined) continue;
    if (created) await announceOpenReports(deps);
    const row = await reportById(db, id);
    return { report: { ...presentReport(row!), reportsCount: 1 }, created: !!created };
  }
}
