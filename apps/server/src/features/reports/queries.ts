import type { Report } from '@devplay/shared';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { anyColumnLike } from '../../db/text-search';
import { memberSummaryOf } from '../../db/member-summary';
import { comments, posts, reports, users } from '../../db/schema/index';
import { afterCursor, cursorTime, type Cursor } from '../../lib/cursor';

const reporter = alias(users, 'reporter');
const author = alias(users, 'author');
const resolver = alias(users, 'resolver');

/** A report's fields as API.md's `Report` needs them, the members by join: one statement a page. */
const reportFields = {
  id: reports.id,
  reporter: memberSummaryOf(reporter),
  targetType: reports.targetType,
  targetId: reports.targetId,
  author: memberSummaryOf(author),
  excerpt: reports.excerpt,
  postId: sql<number | null>`case ${reports.targetType}
    when 'post' then (select ${posts.id} from ${posts} where ${posts.id} = ${reports.targetId})
    when 'comment' then (select ${comments.postId} from ${comments} where ${comments.id} = ${reports.targetId})
    end`,
  reason: reports.reason,
  text: reports.text,
  status: reports.status,
  action: reports.action,
  note: reports.note,
  createdAt: reports.createdAt,
  cursorTime: cursorTime(reports.createdAt),
  resolvedAt: reports.resolvedAt,
  resolvedBy: memberSummaryOf(resolver),
  // On the partial index of open reports per target.
  reportsCount: sql<number>`(select count(*)::int from ${reports} o
    where o.target_type = ${reports.targetType} and o.target_id = ${reports.targetId} and o.status = 'open')`,
};

function reportsQuery(db: Db, where: SQL | undefined) {
  return db
    .select(reportFields)
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(author, eq(author.id, reports.targetAuthorId))
    .leftJoin(resolver, eq(resolver.id, reports.resolvedBy))
    .where(where);
}

type ReportRow = Awaited<ReturnType<typeof reportsQuery>>[number];

export const presentReport = (row: ReportRow): Report => ({
  id: row.id,
  reporter: row.reporter,
  target: {
    type: row.targetType,
    id: row.targetId,
    author: row.author,
    excerpt: row.excerpt,
    postId: row.postId,
  },
  reason: row.reason,
  text: row.text,
  status: row.status,
  action: row.action,
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
  resolvedBy: row.resolvedBy,
  reportsCount: row.reportsCount,
});

export async function reportById(db: Db, id: number): Promise<ReportRow | undefined> {
  const [row] = await reportsQuery(db, eq(reports.id, id));
  return row;
}

/** Newest first; `status` undefined: all of them; `search`: only those holding the text. */
export function reportsPage(
  db: Db,
  page: {
    status: Report['status'] | undefined;
    search: string | undefined;
    before: Cursor | null;
    rows: number;
  },
) {
  const { excerpt, text, note } = reports;
  return reportsQuery(
    db,
    and(
      page.status ? eq(reports.status, page.status) : undefined,
      page.search
        ? anyColumnLike(
            [excerpt, text, note, reporter.username, author.username],
            page.search,
            'anywhere',
          )
        : undefined,
      afterCursor(reports.createdAt, reports.id, page.before, 'desc'),
    ),
  )
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(page.rows);
}
