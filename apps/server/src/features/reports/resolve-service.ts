import {
  ADMIN_MESSAGES,
  ERROR_CODES,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  type Report,
  type ReportOutcome,
  type ResolveReportInput,
} from '@devplay/shared';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { quote, recordAudit } from '../../db/audit';
import type { Db } from '../../db/client';
import { unreadMessagesSql } from '../../db/member-counts';
import { notify } from '../../db/notifications';
import { reports, users, type ReportRow } from '../../db/schema/index';
import { retryingCollisions } from '../../lib/db-retry';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';
import { announce } from '../../plugins/notification-changes';
import { afterCommentRemoval } from '../../use-cases/delete-comment';
import { afterPostRemoval } from '../../use-cases/delete-post';
import { plural } from '../../use-cases/plural';
import { announceOpenReports } from './open-count';
import { presentReport, reportById } from './queries';
import { afterSuspension, suspendIn, untilText } from './suspension-service';
import { remove, warn, type Aftermath } from './target-actions';

export type ResolveDeps = Pick<Deps, 'db' | 'events' | 'storage' | 'live' | 'isAdmin' | 'config'>;

/** How the audit entry names the target: by its excerpt as reported, and its author now. */
async function targetLabel(tx: Db, report: ReportRow) {
  const [author] = report.targetAuthorId
    ? await tx
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, report.targetAuthorId))
    : [];
  const by = author ? ` by ${author.username}` : '';
  return report.targetType === 'user'
    ? `member ${author?.username ?? quote(report.excerpt)}`
    : `${report.targetType} ${quote(report.excerpt)}${by}`;
}

const OUTCOMES = {
  dismiss: 'dismissed',
  remove: 'removed',
  warn: 'warned the author',
  suspend: 'suspended the author',
} as const;

/**
 * The report and every other open one on the same target, locked in one statement in id order,
 * so two admins resolving reports on one target take turns instead of deadlocking. The resolved
 * one is locked whatever its status, to tell a report resolved meanwhile (409) from an unknown one.
 */
async function lockReports(tx: Db, reportId: number) {
  const [first] = await tx
    .select({ targetType: reports.targetType, targetId: reports.targetId })
    .from(reports)
    .where(eq(reports.id, reportId));
  if (!first) throw notFound(REPORT_MESSAGES.reportNotFound);
  const rows = await tx
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.targetType, first.targetType),
        eq(reports.targetId, first.targetId),
        or(eq(reports.status, 'open'), eq(reports.id, reportId)),
      ),
    )
    .orderBy(asc(reports.id))
    .for('update');
  const report = rows.find((row) => row.id === reportId)!;
  if (report.status !== 'open')
    throw conflict(REPORT_MESSAGES.alreadyResolved, ERROR_CODES.reportResolved);
  return { report, open: rows.filter((row) => row.status === 'open') };
}

async function resolveIn(
  tx: Db,
  deps: ResolveDeps,
  admin: Actor,
  reportId: number,
  input: ResolveReportInput,
): Promise<Aftermath> {
  const { report, open } = await lockReports(tx, reportId);
  const note = input.note ?? '';
  const label = await targetLabel(tx, report);
  const aftermath: Aftermath = { changes: [] };
  let outcome: string = OUTCOMES[input.action];
  if (input.action === 'remove') Object.assign(aftermath, await remove(tx, admin, report));
  if (input.action === 'warn') aftermath.changes.push(...(await warn(tx, admin, report, note)));
  if (input.action === 'suspend') {
    if (!report.targetAuthorId) throw notFound(ADMIN_MESSAGES.userNotFound);
    const { until } = await suspendIn(tx, deps.isAdmin, admin, report.targetAuthorId, {
      reason: note || `Reported for ${REPORT_REASON_LABELS[report.reason].toLowerCase()}`,
      days: input.days,
    });
    aftermath.suspended = { userId: report.targetAuthorId, until };
    outcome = `${outcome} ${untilText(until)}`;
  }
  const result: ReportOutcome =
    input.action === 'dismiss'
      ? { status: 'dismissed', action: null }
      : { status: 'resolved', action: input.action };
  const ids = open.map((row) => row.id);
  await tx
    .update(reports)
    .set({ ...result, note, resolvedAt: sql`now()`, resolvedBy: admin.id })
    .where(inArray(reports.id, ids));
  const reporters = [...new Set(open.flatMap((row) => row.reporterId ?? []))];
  // Each reporter hears the outcome, never who decided it (no actor in the group).
  aftermath.changes.push(
    ...(await notify(tx, {
      type: 'report',
      recipients: reporters,
      actor: admin.id,
      subjectKey: reportId,
      details: result,
      unnamed: true,
    })),
  );
  await recordAudit(tx, admin, {
    action: 'report.resolve',
    targetType: 'report',
    targetId: reportId,
    summary: `Resolved ${plural(ids.length, 'report')} on ${label}: ${outcome}${note ? `; note ${quote(note)}` : ''}`,
  });
  return aftermath;
}

/** After the commit: what each part of the resolution announces, and the admins' open count. */
async function announceAftermath(deps: ResolveDeps, admin: Actor, aftermath: Aftermath) {
  const { db, events } = deps;
  announce(events, aftermath.changes);
  if (aftermath.post) await afterPostRemoval(deps, aftermath.post);
  if (aftermath.comment) await afterCommentRemoval(deps, admin, aftermath.comment);
  if (aftermath.message) {
    const { id, senderId, receiverId, wasUnread } = aftermath.message;
    await events.publish([senderId, receiverId], {
      type: 'message:deleted',
      data: { id, senderId, receiverId },
    });
    if (wasUnread) {
      const [row] = await db
        .select({ count: unreadMessagesSql(receiverId) })
        .from(sql`(select 1) as one`);
      await events.publish([receiverId], { type: 'unread:count', data: { count: row!.count } });
    }
  }
  if (aftermath.suspended) await afterSuspension(deps, aftermath.suspended);
  await announceOpenReports(deps);
}

/**
 * POST /admin/reports/:id/resolve: the report and every other open one on its target are
 * resolved as one command in one transaction, with the action (remove, warn or suspend), its
 * audit entries, the author's `moderation` notification and each reporter's `report` one. A
 * report no longer open answers 409; a failure anywhere leaves everything as it was.
 */
export async function resolveReport(
  deps: ResolveDeps,
  admin: Actor,
  reportId: number,
  input: ResolveReportInput,
): Promise<Report> {
  const aftermath = await retryingCollisions(() =>
    deps.db.transaction((tx) => resolveIn(tx, deps, admin, reportId, input)),
  );
  await announceAftermath(deps, admin, aftermath);
  return presentReport((await reportById(deps.db, reportId))!);
}
