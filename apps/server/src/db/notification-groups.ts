import { centsToEuros, type Match, type Notification, type UserSummary } from '@devplay/shared';
import { and, desc, eq, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterCursorParam, cursorTime, cursorValues, type Cursor } from '../lib/cursor';
import type { Db } from './client';
import { memberSummaryJson } from './member-summary';
import { pageShapes, prepared } from './prepared';
import {
  comments,
  notificationActors,
  notificationCounts,
  notifications,
  posts,
  tournamentMatches,
  users,
} from './schema/index';

/**
 * Which of a member's groups, besides pages of the list (`listGroups`) and those changed since a
 * point (`groupsChangedSince`): some by id, or those on one subject.
 */
export type GroupFilter =
  { ids: readonly number[] } | { subject: { type: Notification['type']; subjectKey: number } };

const n = alias(notifications, 'n');
const post = alias(posts, 'p');
const comment = alias(comments, 'c');
const match = alias(tournamentMatches, 'm');

const iso = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A group as API.md's `Notification` needs it: the newest three actors by index, the subject as it
 * is now (the post's title, the comment's text, the match), and the member's unread count on
 * every row, so whoever announces or lists groups needs no second round trip.
 */
const groupFields = (userId: number | Placeholder) => ({
  id: n.id,
  type: n.type,
  subjectKey: n.subjectKey,
  postId: n.postId,
  commentId: n.commentId,
  details: n.details,
  actorsCount: n.actorsCount,
  createdAt: iso(n.createdAt),
  readAt: iso(n.readAt),
  cursorTime: cursorTime(n.createdAt),
  unread: unreadNotificationsSql(userId),
  actors: sql<
    UserSummary[]
  >`(select coalesce(json_agg(${memberSummaryJson('u')} order by a.created_at desc, a.actor_id desc), '[]')
    from (select actor_id, created_at from ${notificationActors}
          where notification_id = ${n.id} order by created_at desc, actor_id desc limit 3) a
    join ${users} u on u.id = a.actor_id)`,
  postTitle: post.title,
  commentText: comment.text,
  match: sql<Match | null>`case when ${match.id} is not null then json_build_object('id', ${match.id},
    'round', ${match.round}, 'matchIndex', ${match.matchIndex}, 'team1Id', ${match.team1Id},
    'team2Id', ${match.team2Id}, 'score', ${match.score}, 'matchDate', ${match.matchDate},
    'matchTime', ${match.matchTime}, 'winnerId', ${match.winnerId}) end`,
});

/** One statement whatever the page or the group's size. */
function groupsQuery(db: Db, userId: number | Placeholder, where: SQL | undefined) {
  return db
    .select(groupFields(userId))
    .from(n)
    .leftJoin(post, eq(post.id, n.postId))
    .leftJoin(comment, eq(comment.id, n.commentId))
    .leftJoin(match, eq(match.id, n.matchId))
    .where(and(eq(n.userId, userId), where));
}

type GroupRow = Awaited<ReturnType<typeof groupsQuery>>[number];

function whereOf(filter: GroupFilter) {
  if ('ids' in filter) return sql`${n.id} = any(${`{${filter.ids.join(',')}}`}::int[])`;
  return and(eq(n.type, filter.subject.type), eq(n.subjectKey, filter.subject.subjectKey));
}

const presentRows = (rows: GroupRow[]) => ({
  groups: rows.map((row) => ({ ...presentGroup(row), cursorTime: row.cursorTime })),
  /** Null when no group matched. */
  unread: rows[0]?.unread ?? null,
});

/** The member's groups that match the filter, or any of several in one statement. */
export async function groupsOf(db: Db, userId: number, filter: GroupFilter | GroupFilter[]) {
  const where = Array.isArray(filter) ? or(...filter.map(whereOf)) : whereOf(filter);
  return presentRows(await groupsQuery(db, userId, where));
}

const param = {
  userId: sql.placeholder('userId'),
  unreadOnly: sql.placeholder('unreadOnly'),
  rows: sql.placeholder('rows'),
};

/** All the member's groups, or only the unread ones, as `unreadOnly` says. */
const listed = sql`(${param.unreadOnly}::boolean is not true or ${n.readAt} is null)`;
const newestFirst = [desc(n.createdAt), desc(n.id)] as const;

/**
 * The list's pages, newest first, prepared once per database for each of its two shapes (first
 * page, after a cursor): planning the statement took longer than running it (0.6 against 0.9 ms
 * for a first page of 20 groups among 501).
 */
const pageStatement = pageShapes((db, afterACursor) =>
  groupsQuery(
    db,
    param.userId,
    and(afterCursorParam(afterACursor, n.createdAt, n.id, 'desc'), listed),
  )
    .orderBy(...newestFirst)
    .limit(param.rows)
    .prepare(afterACursor ? 'notifications_page_after_cursor' : 'notifications_page'),
);

export async function listGroups(
  db: Db,
  userId: number,
  page: { before: Cursor | null; unreadOnly: boolean; limit: number },
) {
  const rows = await pageStatement(db, page.before).execute({
    userId,
    unreadOnly: page.unreadOnly,
    rows: page.limit,
    ...cursorValues(page.before),
  });
  return presentRows(rows);
}

/**
 * The newest `rows` of a member's groups changed after a point, picked by id in a subquery:
 * whatever plan the planner takes, only those are joined and presented. (PGlite never gathers
 * statistics; guessing a member has few groups, it joined and formatted all 10,000 of one to keep
 * 51. It still reads all their ids, 9 ms for 10,000, where an analyzed table reads 51.)
 */
const changedStatement = prepared('notifications_changed_since', (db) => {
  const since = afterCursorParam(true, notifications.createdAt, notifications.id, 'asc');
  const changed = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, param.userId), since))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(param.rows);
  return groupsQuery(db, param.userId, sql`${n.id} in (${changed})`).orderBy(...newestFirst);
});

/** The newest `limit` groups changed after `since`, newest first: one bounded read. */
export async function groupsChangedSince(db: Db, userId: number, since: Cursor, limit: number) {
  return presentRows(await changedStatement(db, { userId, rows: limit, ...cursorValues(since) }));
}

/**
 * What a first page of `rows` groups shows, without reading it: the member's counter row by
 * primary key, and the id and stamp (`changed`) of each of those groups from the list's index
 * (no subject, actor or JSON).
 */
const firstPageStateStatement = prepared('notifications_first_page_state', (db) => {
  const shown = db
    .select({ id: n.id, changed: n.changed })
    .from(n)
    .where(and(eq(n.userId, param.userId), listed))
    .orderBy(...newestFirst)
    .limit(param.rows)
    .as('shown');
  return db
    .select({
      unread: sql<number>`coalesce(${notificationCounts.unread}, 0)`,
      version: sql<number>`coalesce(${notificationCounts.version}, 0)::float8`,
      shown: sql<
        string | null
      >`(select string_agg(${shown.id} || '.' || ${shown.changed}, ',') from ${shown})`,
    })
    .from(sql`(select 1) one`)
    .leftJoin(notificationCounts, eq(notificationCounts.userId, param.userId));
});

export type FirstPageState = { unread: number; version: number; shown: string | null };

export async function firstPageState(
  db: Db,
  userId: number,
  page: { unreadOnly: boolean; limit: number },
): Promise<FirstPageState> {
  const [state] = await firstPageStateStatement(db, { userId, ...page, rows: page.limit });
  return state!;
}

function subjectOf(row: GroupRow) {
  const post = { id: row.postId ?? 0, title: row.postTitle ?? '' };
  const details = (row.details ?? {}) as Record<string, unknown>;
  switch (row.type) {
    case 'follow':
      return null;
    case 'like':
      return { post };
    case 'comment':
      return { post, comment: { id: row.subjectKey, text: row.commentText ?? '' } };
    case 'mention': {
      const text = row.commentText ?? '';
      return { post, comment: row.commentId === null ? null : { id: row.commentId, text } };
    }
    case 'transfer':
      return {
        amount: centsToEuros(Number(details.amountCents)),
        note: (details.note as string | null) ?? null,
      };
    case 'tournament':
      return { match: row.match };
    case 'moderation':
    case 'report':
      return details;
  }
}

const presentGroup = (row: GroupRow) =>
  ({
    id: row.id,
    type: row.type,
    createdAt: row.createdAt,
    readAt: row.readAt,
    actors: row.actors,
    actorsCount: row.actorsCount,
    subject: subjectOf(row),
  }) as Notification;

/** The member's unread groups as their counter row keeps them: a primary-key read. */
export const unreadNotificationsSql = (userId: number | Placeholder) =>
  sql<number>`coalesce((select ${notificationCounts.unread} from ${notificationCounts} where ${notificationCounts.userId} = ${userId}), 0)`;

export async function unreadNotificationsOf(db: Db, userId: number) {
  const result = (await db.execute(
    sql`select ${unreadNotificationsSql(userId)} as unread`,
  )) as unknown as { rows: { unread: number }[] };
  return result.rows[0]?.unread ?? 0;
}
