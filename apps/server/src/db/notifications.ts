import type { NotificationType } from '@devplay/shared';
import { sql, type SQL } from 'drizzle-orm';
import { retryingCollisions } from '../lib/db-retry';
import type { EventBus, NotificationSubject } from '../plugins/events';
import type { Db } from './client';
import { notificationActors, notifications, notificationSettings } from './schema/index';

/**
 * A member whose notifications changed, and the group that grew (null: one shrank or went);
 * `grewOnly` when an unread group took one more actor, which leaves the unread count as it was.
 */
export type NotificationChange = { userId: number; groupId: number | null; grewOnly?: boolean };

/**
 * What happened, on what, by whom: `subjectKey` is the post, comment or match id, 0 for a follow;
 * a query when the action of the same statement makes it (the new comment's id).
 */
export type NotificationEvent = {
  type: NotificationType;
  /** Member ids, or a query of them (the post's author) to spare the caller a round trip. */
  recipients: readonly number[] | SQL;
  actor: number;
  subjectKey: number | SQL;
  postId?: number;
  commentId?: number | SQL;
  matchId?: number;
  details?: Record<string, unknown>;
};

/** An actor already in a group of these, read or unread, adds nothing (like, unlike, like). */
const ONCE_PER_ACTOR: readonly NotificationType[] = ['follow', 'like'];

// Both drivers answer raw SQL with `{ rows }`; the shared Db type cannot say so.
type Rows<Row> = { rows: Row[] };

/**
 * The statement's last part: the rows of `changed` (a CTE of `userId`, `groupId`, `grewOnly`),
 * and beside them the one row of `answer` (what the caller's request answers, such as the post's
 * new likes count), so the action, its notifications and the answer are one round trip. The
 * lone row keeps the changes when `answer` finds nothing, and the answer when nobody is notified.
 */
const changesAnd = (changed: SQL, answer?: SQL) =>
  answer
    ? sql`select c.*, a.* from (select 1) one
        left join (select true as answered, x.* from (${answer}) x) a on true
        left join ${changed} c on true`
    : sql`select * from ${changed}`;

type Answered<Answer> = { changes: NotificationChange[]; answer: Answer | undefined };

/** Runs a statement ending in `changesAnd`, and parts its rows into changes and the answer. */
async function changesOf<Answer>(tx: Db, statement: SQL): Promise<Answered<Answer>> {
  const { rows } = (await tx.execute(statement)) as unknown as Rows<
    Partial<NotificationChange> & Record<string, unknown>
  >;
  const changes: NotificationChange[] = [];
  let answered: Answer | undefined;
  for (const { userId, groupId, grewOnly, answered: found, ...rest } of rows) {
    if (userId != null) changes.push({ userId, groupId: groupId ?? null, grewOnly });
    if (found) answered = rest as Answer;
  }
  return { changes, answer: answered };
}

/**
 * Records one event for its recipients in one statement, whatever the size of their groups: the
 * caller passes the transaction of the action, so the notification exists exactly when the action
 * does. Nobody hears of their own action, nor of a type they switched off. A grouped type grows
 * the recipient's unread group on the subject (the partial unique index) or starts one; the
 * actors trigger (migration 0012) counts its actors.
 */
export async function notify(
  tx: Db,
  event: NotificationEvent,
  /**
   * Common table expressions ahead of the event's, such as the action itself (`added as (insert
   * … returning …)`) that `recipients` then reads: action and notification in one statement,
   * atomic without a transaction and one round trip.
   */
  action?: SQL,
): Promise<NotificationChange[]> {
  return (await notifyAnswering(tx, event, action)).changes;
}

async function notifyAnswering<Answer>(
  tx: Db,
  event: NotificationEvent,
  action?: SQL,
  answer?: SQL,
): Promise<Answered<Answer>> {
  const { type, actor, subjectKey } = event;
  const onceByActor = ONCE_PER_ACTOR.includes(type);
  const recipients = Array.isArray(event.recipients)
    ? sql`select unnest(${`{${event.recipients.join(',')}}`}::int[])`
    : (event.recipients as SQL);
  return changesOf<Answer>(
    tx,
    sql`
    with ${action ? sql`${action}, ` : sql``}event as (
      select r as user_id from (${recipients}) as recipients(r)
      where r <> ${actor}::int
        and coalesce((select s.${sql.identifier(type)} from ${notificationSettings} s where s.user_id = r), true)
        and not (${onceByActor}::boolean and exists (
          select 1 from ${notifications} n
          join ${notificationActors} a on a.notification_id = n.id and a.actor_id = ${actor}::int
          where n.user_id = r and n.type = ${type}::text and n.subject_key = ${subjectKey}::int))
    ), grp as (
      insert into ${notifications} (user_id, type, subject_key, post_id, comment_id, match_id, details)
      select user_id, ${type}::text, ${subjectKey}::int, ${event.postId ?? null}::int, ${event.commentId ?? null}::int,
             ${event.matchId ?? null}::int, ${event.details ? JSON.stringify(event.details) : null}::jsonb
      from event
      on conflict (user_id, type, subject_key) where read_at is null and type in ('follow', 'like', 'tournament')
      do update set created_at = greatest(${notifications.createdAt}, excluded.created_at)
      returning id, user_id, xmax::text <> '0' as grew
    ), joined as (
      insert into ${notificationActors} (notification_id, actor_id)
      select id, ${actor}::int from grp
      on conflict (notification_id, actor_id) do update set created_at = excluded.created_at
    ), changed as (select id as "groupId", user_id as "userId", grew as "grewOnly" from grp)
    ${changesAnd(sql`changed`, answer)}`,
  );
}

type Withdrawal = Pick<NotificationEvent, 'type' | 'actor' | 'subjectKey'> & {
  recipient: number | SQL;
};

/**
 * An unlike or unsubscribe takes the actor out of the unread group on the subject; the actors
 * trigger drops the group when it was the last. A read group keeps them, so liking again adds
 * nothing. `recipient` may be a query reading the `action` expressions, as in `notify`.
 */
async function withdrawAnswering<Answer>(
  tx: Db,
  event: Withdrawal,
  action?: SQL,
  answer?: SQL,
): Promise<Answered<Answer>> {
  const recipient =
    typeof event.recipient === 'number' ? sql`${event.recipient}::int` : sql`(${event.recipient})`;
  return changesOf<Answer>(
    tx,
    sql`
    with ${action ? sql`${action}, ` : sql``}gone as (
      delete from ${notificationActors} a using ${notifications} n
      where n.id = a.notification_id and a.actor_id = ${event.actor}
        and n.user_id = ${recipient} and n.type = ${event.type}
        and n.subject_key = ${event.subjectKey} and n.read_at is null
      returning n.user_id as "userId", null::int as "groupId")
    ${changesAnd(sql`gone`, answer)}`,
  );
}

/**
 * After the commit: tells the processes holding each member's sockets which of their groups grew
 * and whether their unread count moved (features/notifications/live.ts reads and sends them).
 * Like any event, it never fails the caller, and the caller does not wait for Redis
 * (plugins/events.ts).
 */
export function announce(bus: EventBus, changes: readonly NotificationChange[]) {
  const members = new Map<number, { groupIds: number[]; countMoved: boolean }>();
  for (const { userId, groupId, grewOnly } of changes) {
    const member = members.get(userId) ?? { groupIds: [], countMoved: false };
    if (groupId !== null) member.groupIds.push(groupId);
    if (!grewOnly) member.countMoved = true;
    members.set(userId, member);
  }
  for (const [userId, member] of members)
    void bus.post({ kind: 'notifications', userId, ...member });
}

/**
 * A member's action, its notification and what the request answers (`answer`'s row, if asked)
 * as one statement (`notify` with the action ahead), run again when PostgreSQL aborts it for a
 * deadlock with a deletion, then announced.
 */
export const actAndNotify = <Answer = never>(
  db: Db,
  bus: EventBus,
  event: NotificationEvent,
  action: SQL,
  answer?: SQL,
) => runAndAnnounce(bus, () => notifyAnswering<Answer>(db, event, action, answer));

/** Its undoing (an unlike, an unsubscribe) and the withdrawal, likewise. */
export const undoAndWithdraw = <Answer = never>(
  db: Db,
  bus: EventBus,
  event: Withdrawal,
  action: SQL,
  answer?: SQL,
) => runAndAnnounce(bus, () => withdrawAnswering<Answer>(db, event, action, answer));

/** Runs a statement of either kind, again after a collision, and announces what it changed. */
async function runAndAnnounce<Answer>(bus: EventBus, run: () => Promise<Answered<Answer>>) {
  const done = await retryingCollisions(run);
  announce(bus, done.changes);
  return done.answer;
}

/** A group a trigger wrote (a transfer's receipt), known by its subject, to its member. */
export const announceSubject = (bus: EventBus, userId: number, subject: NotificationSubject) =>
  bus.post({ kind: 'notifications', userId, groupIds: [], subject, countMoved: true });
