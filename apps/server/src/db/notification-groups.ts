import { centsToEuros, type Match, type Notification, type UserSummary } from '@devplay/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { memberSummaryJson } from './member-summary';
import {
  comments,
  notificationActors,
  notificationCounts,
  notifications,
  posts,
  tournamentMatches,
  users,
} from './schema/index';

type GroupRow = {
  id: number;
  type: Notification['type'];
  subjectKey: number;
  postId: number | null;
  details: Record<string, unknown> | null;
  actorsCount: number;
  createdAt: string;
  readAt: string | null;
  cursorTime: string;
  unread: number;
  actors: UserSummary[];
  postTitle: string | null;
  commentText: string | null;
  match: Match | null;
};

/**
 * Which of a member's groups: some by id, those on one subject, those after a cursor (newest
 * first), or those since.
 */
export type GroupFilter =
  | { ids: readonly number[] }
  | { subject: { type: Notification['type']; subjectKey: number } }
  | { before: { t: string; id: number } | null; unreadOnly: boolean; limit: number }
  | { since: { t: string; id: number }; limit: number };

const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function whereOf(filter: GroupFilter) {
  if ('ids' in filter) return sql`n.id = any(${`{${filter.ids.join(',')}}`}::int[])`;
  if ('subject' in filter)
    return sql`n.type = ${filter.subject.type}::text and n.subject_key = ${filter.subject.subjectKey}::int`;
  if ('since' in filter)
    return sql`(n.created_at, n.id) > (${filter.since.t}::timestamptz, ${filter.since.id}::int)`;
  const { before, unreadOnly } = filter;
  return sql.join(
    [
      sql`true`,
      ...(before
        ? [sql`(n.created_at, n.id) < (${before.t}::timestamptz, ${before.id}::int)`]
        : []),
      ...(unreadOnly ? [sql`n.read_at is null`] : []),
    ],
    sql` and `,
  );
}

/**
 * A member's groups as API.md's `Notification`, in one statement whatever the page: the newest
 * three actors by index, the subject as it is now (the post's title, the comment's text, the match).
 * Each row also carries the unread count, so whoever announces or lists groups needs no second
 * round trip; `unread` is null when no group matched.
 */
export async function groupsOf(db: Db, userId: number, filter: GroupFilter) {
  const ascending = 'since' in filter;
  const order = ascending ? sql`asc` : sql`desc`;
  const limit = 'limit' in filter ? sql`limit ${filter.limit}::int` : sql``;
  const result = (await db.execute(sql`
    select n.id, n.type, n.subject_key as "subjectKey", n.post_id as "postId",
      n.details, n.actors_count as "actorsCount",
      ${iso(sql`n.created_at`)} as "createdAt", ${iso(sql`n.read_at`)} as "readAt",
      to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorTime",
      ${unreadNotificationsSql(userId)} as unread,
      (select coalesce(json_agg(${memberSummaryJson('u')} order by a.created_at desc, a.actor_id desc), '[]')
        from (select actor_id, created_at from ${notificationActors}
              where notification_id = n.id order by created_at desc, actor_id desc limit 3) a
        join ${users} u on u.id = a.actor_id) as actors,
      p.title as "postTitle", c.text as "commentText",
      case when m.id is not null then json_build_object('id', m.id, 'round', m.round,
        'matchIndex', m.match_index, 'team1Id', m.team1_id, 'team2Id', m.team2_id, 'score', m.score,
        'matchDate', m.match_date, 'matchTime', m.match_time, 'winnerId', m.winner_id) end as match
    from ${notifications} n
    left join ${posts} p on p.id = n.post_id
    left join ${comments} c on c.id = n.comment_id
    left join ${tournamentMatches} m on m.id = n.match_id
    where n.user_id = ${userId}::int and ${whereOf(filter)}
    order by n.created_at ${order}, n.id ${order}
    ${limit}`)) as unknown as { rows: GroupRow[] };
  return {
    groups: result.rows.map((row) => ({ ...presentGroup(row), cursorTime: row.cursorTime })),
    unread: result.rows[0]?.unread ?? null,
  };
}

function subjectOf(row: GroupRow) {
  const post = { id: row.postId ?? 0, title: row.postTitle ?? '' };
  const details = row.details ?? {};
  switch (row.type) {
    case 'follow':
      return null;
    case 'like':
      return { post };
    case 'comment':
      return { post, comment: { id: row.subjectKey, text: row.commentText ?? '' } };
    case 'transfer':
      return {
        amount: centsToEuros(Number(details.amountCents)),
        note: (details.note as string | null) ?? null,
      };
    case 'tournament':
      return { match: row.match };
    case 'moderation':
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
export const unreadNotificationsSql = (userId: number) =>
  sql<number>`coalesce((select ${notificationCounts.unread} from ${notificationCounts} where ${notificationCounts.userId} = ${userId}), 0)`;

export async function unreadNotificationsOf(db: Db, userId: number) {
  const result = (await db.execute(
    sql`select ${unreadNotificationsSql(userId)} as unread`,
  )) as unknown as { rows: { unread: number }[] };
  return result.rows[0]?.unread ?? 0;
}
