import type { NotificationType } from '@devplay/shared';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { retryingCollisions } from '../lib/db-retry';
import type { Db } from './client';
import {
  changesStatement,
  type AnswerQuery,
  type ChangesStatement,
  type Step,
} from './notification-statement';
import { prepared } from './prepared';
import { heardFrom } from './visibility';
import { notificationActors, notifications, notificationSettings } from './schema/index';

/**
 * A member whose notifications changed, and the group that grew (null: one shrank or went);
 * `grewOnly` when an unread group took one more actor, which leaves the unread count as it was.
 */
export type NotificationChange = { userId: number; groupId: number | null; grewOnly?: boolean };

/** A value of a statement: a number, or a placeholder of one prepared once by name. */
type Value = number | Placeholder;

/**
 * What happened, on what, by whom: `subjectKey` is the post, comment or match id, 0 for a follow;
 * a query when the action of the same statement makes it (the new comment's id).
 */
export type NotificationEvent = {
  type: NotificationType;
  /** Member ids, or a query of them (the post's author) to spare the caller a round trip. */
  recipients: readonly number[] | SQL;
  actor: Value;
  subjectKey: Value | SQL;
  postId?: Value;
  commentId?: Value | SQL;
  matchId?: number;
  details?: Record<string, unknown>;
  /** The actor is left out of the group (a report's outcome never names the admin). */
  unnamed?: boolean;
};

/** An actor already in a group of these, read or unread, adds nothing (like, unlike, like). */
const ONCE_PER_ACTOR: readonly NotificationType[] = ['follow', 'like'];

/**
 * The site speaking through an admin (the bracket, a moderation): told whatever stands between
 * the admin and the member. Every other type is one member's action towards another, which a
 * block between them (either way), or a mute of the actor's notifications, keeps untold.
 */
const SITE_TYPES: readonly NotificationType[] = ['tournament', 'moderation', 'report'];

/** What a statement changed, for its caller to announce once it commits, and what it answers. */
type Answered<Answer> = { changes: NotificationChange[]; answer: Answer | undefined };

/** Parts a statement's rows into changes and the answer. */
function changesOf<Answer>(rows: readonly Record<string, unknown>[]): Answered<Answer> {
  const changes: NotificationChange[] = [];
  let answered: Answer | undefined;
  for (const { userId, groupId, grewOnly, answered: found, ...rest } of rows) {
    if (userId != null)
      changes.push({
        userId: userId as number,
        groupId: (groupId as number | null) ?? null,
        grewOnly: (grewOnly as boolean | null) ?? undefined,
      });
    if (found) answered = rest as Answer;
  }
  return { changes, answer: answered };
}

/**
 * The steps that record one event for its recipients, whatever the size of their groups. Nobody
 * hears of their own action, nor of a type they switched off, nor of a member in a block with
 * them or whom they mute with notifications (`heardFrom`). A grouped type grows the
 * recipient's unread group on the subject (the partial unique index) or starts one; the actors
 * trigger (migration 0012) counts its actors.
 *
 * Whether the actor is already in a group is read with a row lock: a statement reads what was
 * committed when it began, and a like that waited for the post behind an unlike of the same
 * member began before the unlike took the actor out. Read plainly, the actor would still be
 * there, and the like would go in without its notification. Locking reads the actor's row as it
 * stands now, and skips it once deleted.
 */
function notifySteps(event: NotificationEvent, prefix = ''): Step[] {
  const { type, actor, subjectKey } = event;
  // The steps' names, and how the later ones read the earlier: one event's alone, or each of
  // several in one statement under a prefix of its own.
  const name = (step: string) => `${prefix}${step}`;
  const from = (step: string) => sql.raw(name(step));
  const onceByActor = ONCE_PER_ACTOR.includes(type);
  const recipients = Array.isArray(event.recipients)
    ? sql`select unnest(${`{${event.recipients.join(',')}}`}::int[])`
    : (event.recipients as SQL);
  return [
    [
      name('event'),
      sql`select r as user_id from (${recipients}) as recipients(r)
      where r <> ${actor}::int
        and coalesce((select s.${sql.identifier(type)} from ${notificationSettings} s where s.user_id = r), true)
        ${SITE_TYPES.includes(type) ? sql`` : sql`and ${heardFrom(sql`r`, actor)}`}
        and not (${onceByActor}::boolean and exists (
          select 1 from ${notifications} n
          join ${notificationActors} a on a.notification_id = n.id and a.actor_id = ${actor}::int
          where n.user_id = r and n.type = ${type}::text and n.subject_key = ${subjectKey}::int
          for key share of a))`,
    ],
    [
      name('grp'),
      sql`insert into ${notifications} (user_id, type, subject_key, post_id, comment_id, match_id, details)
      select user_id, ${type}::text, ${subjectKey}::int, ${event.postId ?? null}::int, ${event.commentId ?? null}::int,
             ${event.matchId ?? null}::int, ${event.details ? JSON.stringify(event.details) : null}::jsonb
      from ${from('event')}
      on conflict (user_id, type, subject_key) where read_at is null and type in ('follow', 'like', 'tournament')
      do update set created_at = greatest(${notifications.createdAt}, excluded.created_at)
      returning id, user_id, xmax::text <> '0' as grew`,
    ],
    [
      name('joined'),
      sql`insert into ${notificationActors} (notification_id, actor_id)
      select id, ${actor}::int from ${from('grp')}${event.unnamed ? sql` where false` : sql``}
      on conflict (notification_id, actor_id) do update set created_at = excluded.created_at`,
    ],
    [
      name('changed'),
      sql`select id as "groupId", user_id as "userId", grew as "grewOnly" from ${from('grp')}`,
    ],
  ];
}

/**
 * The steps of one event, or of several (a comment that notifies the post's author and names
 * members), each under its prefix, their changes read together by the last step.
 */
function eventsSteps(events: NotificationEvent | readonly NotificationEvent[]): Step[] {
  if (!Array.isArray(events)) return notifySteps(events as NotificationEvent);
  const each = events.map((event, index) => notifySteps(event, `e${index}_`));
  const changed = each.map((steps) => sql`select * from ${sql.raw(steps.at(-1)![0])}`);
  return [...each.flat(), ['changed', sql.join(changed, sql` union all `)]];
}

/**
 * Records one event in the caller's transaction, so the notification exists exactly when the
 * action does.
 */
export async function notify(tx: Db, event: NotificationEvent): Promise<NotificationChange[]> {
  return changesOf(await changesStatement(tx, notifySteps(event))).changes;
}

type Withdrawal = Pick<NotificationEvent, 'type' | 'actor' | 'subjectKey'> & {
  recipient: Value | SQL;
};

/**
 * An unlike or unsubscribe takes the actor out of the unread group on the subject; the actors
 * trigger drops the group when it was the last. A read group keeps them, so liking again adds
 * nothing. `recipient` may be a query reading the action's steps, as in `notifySteps`.
 */
const withdrawSteps = (event: Withdrawal): Step[] => [
  [
    'gone',
    sql`delete from ${notificationActors} a using ${notifications} n
      where n.id = a.notification_id and a.actor_id = ${event.actor}::int
        and n.user_id = (${event.recipient})::int and n.type = ${event.type}::text
        and n.subject_key = ${event.subjectKey}::int and n.read_at is null
      returning n.user_id as "userId", null::int as "groupId", null::boolean as "grewOnly"`,
  ],
];

/** A member's action (`action`'s steps) with its notification or withdrawal, and its answer. */
type Act<Event> = { event: Event; action: readonly Step[]; answer?: AnswerQuery };

const notifyingStatement = (
  db: Db,
  { event, action, answer }: Act<NotificationEvent | readonly NotificationEvent[]>,
) => changesStatement(db, [...action, ...eventsSteps(event)], answer);

const withdrawingStatement = (db: Db, { event, action, answer }: Act<Withdrawal>) =>
  changesStatement(db, [...action, ...withdrawSteps(event)], answer);

/**
 * A member's action (a like, a comment, a subscription), its notification and what the request
 * answers as one statement, run again when PostgreSQL aborts it for a deadlock with a deletion.
 * The statement is built once, with placeholders (`sql.placeholder`) for the request's values, and
 * prepared by name on each database, so PostgreSQL parses and plans it once a connection instead
 * of on every request. It answers what changed, which the caller announces
 * (plugins/notification-changes.ts).
 */
function preparing<Event>(statementOf: (db: Db, act: Act<Event>) => ChangesStatement) {
  return <Answer = never>(name: string, build: () => Act<Event>) => {
    const statement = prepared(name, (db) => statementOf(db, build()));
    return (db: Db, values: Record<string, unknown>) =>
      retryingCollisions(async () => changesOf<Answer>(await statement(db, values)));
  };
}

export const actAndNotify = preparing(notifyingStatement);

/** Its undoing (an unlike, an unsubscribe) and the withdrawal, likewise. */
export const undoAndWithdraw = preparing(withdrawingStatement);

/**
 * Takes each of two members out of the other's groups (a block): the same way a deleted member
 * leaves them, by their `notification_actors` rows, so the actors trigger (migrations 0012, 0018)
 * counts the actors again and drops a group left without any, and the counts trigger moves the
 * unread counts. The site's types stay. Answers the groups that shrank but stay, and each member
 * whose groups changed.
 */
export async function withdrawBetween(tx: Db, a: number, b: number): Promise<NotificationChange[]> {
  const siteTypes = `{${SITE_TYPES.join(',')}}`;
  const gone = (await tx.execute(
    sql`delete from ${notificationActors} x using ${notifications} n
      where n.id = x.notification_id and n.type <> all(${siteTypes}::text[])
        and ((x.actor_id = ${a} and n.user_id = ${b}) or (x.actor_id = ${b} and n.user_id = ${a}))
      returning n.id, n.user_id as "userId"`,
  )) as unknown as { rows: { id: number; userId: number }[] };
  if (gone.rows.length === 0) return [];
  const ids = `{${gone.rows.map((row) => row.id).join(',')}}`;
  const kept = (await tx.execute(
    sql`select id, user_id as "userId" from ${notifications} where id = any(${ids}::int[])`,
  )) as unknown as { rows: { id: number; userId: number }[] };
  const members = [...new Set(gone.rows.map((row) => row.userId))];
  return [
    ...members.map((userId) => ({ userId, groupId: null })),
    ...kept.rows.map(({ id, userId }) => ({ userId, groupId: id })),
  ];
}
