import type { NotificationPage } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { prepared } from '../../db/prepared';
import { notificationCounts, notifications } from '../../db/schema/index';

/** First pages kept in one process: one per member and shape asked for (≈ 8 KB each). */
const MAX_PAGES = 2_000;

/** What a first page shows, as the check below reads it. */
type State = { unread: number; version: number; shown: string | null };
type Kept = { state: State; page: Omit<NotificationPage, 'unread'> };

const param = {
  userId: sql.placeholder('userId'),
  unreadOnly: sql.placeholder('unreadOnly'),
  rows: sql.placeholder('rows'),
};

/**
 * The member's counter row by primary key, and the id and stamp of each group the first page
 * shows and of the one after it (whether a next page exists), from the list's index: no subject,
 * actor or JSON is read.
 */
const stateOf = prepared('notifications_state', (db) =>
  db
    .select({
      unread: sql<number>`coalesce(${notificationCounts.unread}, 0)`,
      version: sql<number>`coalesce(${notificationCounts.version}, 0)::float8`,
      shown: sql<string | null>`(select string_agg(s.id || '.' || s.changed, ',')
        from (select ${notifications.id} as id, ${notifications.changed} as changed
              from ${notifications} where ${notifications.userId} = ${param.userId}
                and (${param.unreadOnly}::boolean is not true or ${notifications.readAt} is null)
              order by ${notifications.createdAt} desc, ${notifications.id} desc
              limit ${param.rows}) s)`,
    })
    .from(sql`(select 1) one`)
    .leftJoin(notificationCounts, sql`${notificationCounts.userId} = ${param.userId}`),
);

const keptOf = perDatabase(() => new Map<string, Kept>());

const same = (a: State, b: State) => a.version === b.version && a.shown === b.shown;

/**
 * A member's first page of notifications, kept while what it shows holds: every insert and update
 * of a group stamps it with a new value of a sequence, and a change to a post, comment, match or
 * actor a group names moves the member's version (migration 0017). A request reads those in one
 * statement without the subjects' joins and answers from the kept page when they match, so a
 * member sees their own reads and everyone's likes on whichever process serves them. The stamps
 * are compared row by row, not as a maximum: a change committed after a later-stamped one still
 * shows. `shape` names the page's query.
 */
export async function firstPage(
  db: Db,
  userId: number,
  shape: { limit: number; unreadOnly: boolean },
  read: () => Promise<NotificationPage>,
): Promise<NotificationPage> {
  const [state] = (await stateOf(db, { userId, ...shape, rows: shape.limit + 1 })) as State[];
  const pages = keptOf(db);
  const key = `${userId}:${shape.limit}:${shape.unreadOnly}`;
  const kept = pages.get(key);
  if (kept && same(kept.state, state!)) return { ...kept.page, unread: state!.unread };
  // Read after the state: it holds at least what the state does, so keeping it under that state
  // can only make the next request read it again, never answer an older page.
  const { unread, ...page } = await read();
  pages.delete(key);
  // Oldest first out: a Map iterates in the order of insertion.
  if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
  pages.set(key, { state: state!, page });
  return { ...page, unread };
}
