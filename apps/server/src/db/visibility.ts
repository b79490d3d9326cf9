import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { blocks, follows, mutes, users } from './schema/index';

/**
 * Who sees whom and who may reach whom (API.md "Safety."), as SQL every statement that reads or
 * writes between two members puts in its own text, so the rule holds inside that one statement.
 * Each lookup reads a primary key or `*_muted_idx` / `blocks_blocked_idx` from the side of the
 * member the statement fixes. Conditions are NOT EXISTS, never `not (a or b)`, which PostgreSQL
 * cannot turn into anti-joins.
 */
type Member = number | Placeholder | SQL | AnyColumn;

/** A member id as the probes compare it; a placeholder alone has no type. */
const id = (member: Member) => sql`${member}::int`;

/** `blocker` blocks `blocked`. */
export const blocking = (blocker: Member, blocked: Member) =>
  sql<boolean>`exists (select 1 from ${blocks} b where b.blocker_id = ${id(blocker)} and b.blocked_id = ${id(blocked)})`;

/** `viewer` mutes `member`. */
export const muting = (viewer: Member, member: Member) =>
  sql<boolean>`exists (select 1 from ${mutes} m where m.muter_id = ${id(viewer)} and m.muted_id = ${id(member)})`;

/** Suspended now: a suspension with no end, or one that has not ended yet. */
export const suspendedNow = (suspendedAt: SQL | AnyColumn, suspendedUntil: SQL | AnyColumn) =>
  sql<boolean>`(${suspendedAt} is not null and (${suspendedUntil} is null or ${suspendedUntil} > now()))`;

/** A member's row the statement already joins: its suspension is read there, not looked up. */
export type MemberRow = { suspendedAt: AnyColumn; suspendedUntil: AnyColumn };

/**
 * `member` is suspended now: their posts, comments and profile are hidden from others, and nobody
 * may follow, message or pay them. Read from `row` when the statement joins it, else a
 * primary-key probe; a suspension that ends by itself needs nothing to lift it.
 */
const suspendedMember = (member: Member, row?: MemberRow) =>
  row
    ? suspendedNow(row.suspendedAt, row.suspendedUntil)
    : sql<boolean>`exists (select 1 from ${users} s where s.id = ${id(member)}
    and ${suspendedNow(sql`s.suspended_at`, sql`s.suspended_until`)})`;

/** The members in a block with `member`, either way, as rows of one `id` column. */
const blockedWith = (member: Member) =>
  sql`select b.blocked_id as id from ${blocks} b where b.blocker_id = ${id(member)}
    union all select b.blocker_id from ${blocks} b where b.blocked_id = ${id(member)}`;

/** The members who mute `member`; `notificationsToo`: only those who keep its notifications away. */
const mutersOf = (member: Member, notificationsToo = false) =>
  sql`select m.muter_id from ${mutes} m where m.muted_id = ${id(member)}${notificationsToo ? sql` and m.notifications` : sql``}`;

/**
 * `member` is not among `set` (rows of one `id` column, each arm read by an index on the fixed
 * member's side). One NOT EXISTS however many rules fill the set: PostgreSQL reads the set once
 * and probes it per row, and plans one anti-join instead of one per rule, whose join orders made
 * planning a feed page ten times dearer than running it.
 */
const outside = (member: Member, set: SQL) =>
  sql`not exists (select 1 from (${set}) x where x.id = ${id(member)})`;

/** Either blocks the other: blocking is mutual in effect. */
export const blockedBetween = (a: Member, b: Member) =>
  sql<boolean>`(${blocking(a, b)} or ${blocking(b, a)})`;

/** Neither blocks the other, as a condition. */
const unblocked = (a: Member, b: Member) => outside(b, blockedWith(a));

/**
 * `viewer` sees `member` and what they wrote: neither blocks the other, and no suspension.
 * `memberRow`: the member's users row, when the statement joins it.
 */
export const reachable = (viewer: Member, member: Member, memberRow?: MemberRow) =>
  sql`${unblocked(viewer, member)} and not ${suspendedMember(member, memberRow)}`;

/** The negation of `reachable`, as a value: the actor may not reach the member. */
export const shutOut = (actor: Member, member: Member) =>
  sql<boolean>`(${blockedBetween(actor, member)} or ${suspendedMember(member)})`;

/** `viewer` sees `author`'s posts and comments in lists: reachable, and not muted. */
export const shownTo = (viewer: Member, author: Member, authorRow?: MemberRow) =>
  sql`${outside(
    author,
    sql`${blockedWith(viewer)}
      union all select m.muted_id from ${mutes} m where m.muter_id = ${id(viewer)}`,
  )} and not ${suspendedMember(author, authorRow)}`;

/**
 * `recipient` hears of `actor`'s action: neither blocks the other, and no mute that keeps the
 * actor's notifications away. Read from the actor's side, so a statement notifying several
 * recipients reads the actor's relations once.
 */
export const heardFrom = (recipient: Member, actor: Member) =>
  outside(recipient, sql`${blockedWith(actor)} union all ${mutersOf(actor, true)}`);

/**
 * The members of `among` (an int[]) who do not see `author`'s posts (the mirror of `shownTo`),
 * read from the author's side: their blocks both ways and the mutes of them, by index, so a
 * post's announcement reads the author's few relations rather than every member's.
 */
export const hiddenFrom = (author: Member, among: Member) =>
  sql`select distinct x.id from (${blockedWith(author)} union all ${mutersOf(author)}) x
    where x.id = any(${among})`;

/**
 * Whether `viewer` blocks, is blocked by or mutes anyone: such a member's feed reads differ from
 * everyone else's. Scalar probes that stop at the first row, so a member with many relations
 * costs what one with a single one does.
 */
export const hasRelations = (viewer: Member) =>
  sql<boolean>`coalesce((select true from ${blocks} b where b.blocker_id = ${id(viewer)} limit 1),
    (select true from ${blocks} b where b.blocked_id = ${id(viewer)} limit 1),
    (select true from ${mutes} m where m.muter_id = ${id(viewer)} limit 1), false)`;

/** Why a member may not message or pay another; null when they may. */
export type Refusal = 'blocked' | 'closed' | null;

/**
 * Why `sender` may not reach `receiver` by a channel whose audience (`messages_from`,
 * `transfers_from` of the receiver's row) is `audience`: `blocked` when either blocks the other
 * or the receiver is suspended, `closed` when the audience is nobody, or whom the receiver follows
 * and they do not follow the sender. Admins are members here like any other. The one rule behind
 * sending a message, sending money and the profile's `canMessage` / `canSendMoney`; null too when
 * there is no receiver row.
 */
export const refusalOf = (audience: SQL | AnyColumn, receiver: Member, sender: Member) =>
  sql<Refusal>`case when ${shutOut(sender, receiver)} then 'blocked'
    when ${audience} = 'nobody' or (${audience} = 'following' and not exists (
      select 1 from ${follows} f where f.follower_id = ${id(receiver)} and f.following_id = ${id(sender)}))
    then 'closed' end`;
