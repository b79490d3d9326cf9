import {
  ERROR_CODES,
  PROFILE_MESSAGES,
  SAFETY_MESSAGES,
  type Privacy,
  type privacyUpdateSchema,
} from '@devplay/shared';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { memberIdByName } from '../../db/member-by-name';
import { memberSummary } from '../../db/member-summary';
import { withdrawBetween } from '../../db/notifications';
import { blocks, follows, mutes, users } from '../../db/schema/index';
import { afterCursor, cursorTime, decodeCursor, toPage, withoutCursor } from '../../lib/cursor';
import { retryingCollisions } from '../../lib/db-retry';
import { badRequest, notFound } from '../../lib/errors';
import type { Deps } from '../../deps';
import { feedChanged } from '../../plugins/feed-changes';
import { announce } from '../../plugins/notification-changes';

type SafetyDeps = Pick<Deps, 'db' | 'events'>;

/** The other member by username (any case); never the caller. */
async function otherMember(db: Db, selfId: number, username: string, selfMessage: string) {
  const id = await memberIdByName(db, username);
  if (id === null) throw notFound(PROFILE_MESSAGES.userNotFound);
  if (id === selfId) throw badRequest(selfMessage, ERROR_CODES.selfTarget, 'username');
  return id;
}

/**
 * Blocks a member: the block, the end of their follows both ways and of the notifications
 * between them (`withdrawBetween`) in one transaction, run again after a deadlock with another
 * change of the same rows (two members blocking each other at once). Then the feed's version
 * moves, so no kept page shows either to the other, and every process forgets what it kept of
 * the pair (money's recipients). Idempotent: blocking again changes nothing.
 */
export async function block({ db, events }: SafetyDeps, blockerId: number, username: string) {
  const blockedId = await otherMember(db, blockerId, username, SAFETY_MESSAGES.selfBlock);
  const changes = await retryingCollisions(() =>
    db.transaction(async (tx) => {
      const added = await tx
        .insert(blocks)
        .values({ blockerId, blockedId })
        .onConflictDoNothing()
        .returning({ id: blocks.blockedId });
      if (added.length === 0) return null;
      await tx
        .delete(follows)
        .where(
          or(
            and(eq(follows.followerId, blockerId), eq(follows.followingId, blockedId)),
            and(eq(follows.followerId, blockedId), eq(follows.followingId, blockerId)),
          ),
        );
      return withdrawBetween(tx, blockerId, blockedId);
    }),
  );
  if (changes) {
    announce(events, changes);
    await feedChanged(db, events);
    await events.post({ kind: 'member', userId: blockerId });
  }
  return { blocked: true };
}

/** Takes the block back: only the row goes (follows and notifications do not return). */
export async function unblock({ db, events }: SafetyDeps, blockerId: number, username: string) {
  const blockedId = await otherMember(db, blockerId, username, SAFETY_MESSAGES.selfBlock);
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  if (removed.length > 0) await feedChanged(db, events);
  return { blocked: false };
}

/**
 * Mutes a member, or changes whether the mute also keeps their notifications away; the muted
 * member is not told. A new mute moves the feed's version (their posts leave the muter's pages).
 */
export async function mute(
  { db, events }: SafetyDeps,
  muterId: number,
  input: { username: string; notifications: boolean },
) {
  const mutedId = await otherMember(db, muterId, input.username, SAFETY_MESSAGES.selfMute);
  const [row] = await db
    .insert(mutes)
    .values({ muterId, mutedId, notifications: input.notifications })
    .onConflictDoUpdate({
      target: [mutes.muterId, mutes.mutedId],
      set: { notifications: input.notifications },
    })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  if (row?.inserted) await feedChanged(db, events);
  return { muted: true };
}

export async function unmute({ db, events }: SafetyDeps, muterId: number, username: string) {
  const mutedId = await otherMember(db, muterId, username, SAFETY_MESSAGES.selfMute);
  const removed = await db
    .delete(mutes)
    .where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)))
    .returning({ id: mutes.mutedId });
  if (removed.length > 0) await feedChanged(db, events);
  return { muted: false };
}

const RELATIONS = {
  blocks: { table: blocks, owner: blocks.blockerId, other: blocks.blockedId },
  mutes: { table: mutes, owner: mutes.muterId, other: mutes.mutedId },
} as const;

/** Whom the member blocks or mutes, newest first, by the `*_created_idx` index. */
export async function listRelations(
  db: Db,
  userId: number,
  relation: keyof typeof RELATIONS,
  page: { cursor?: string; limit: number },
) {
  const { table, owner, other } = RELATIONS[relation];
  const cursor = decodeCursor(page.cursor);
  const rows = await db
    .select({ ...memberSummary, cursorTime: cursorTime(table.createdAt) })
    .from(table)
    .innerJoin(users, eq(users.id, other))
    .where(and(eq(owner, userId), afterCursor(table.createdAt, other, cursor, 'desc')))
    .orderBy(desc(table.createdAt), desc(other))
    .limit(page.limit + 1);
  return toPage(rows, page.limit, (row) => row.id, withoutCursor);
}

/** Any subset of the member's privacy; answers all of it. */
export async function updatePrivacy(
  db: Db,
  userId: number,
  input: z.output<typeof privacyUpdateSchema>,
): Promise<Privacy> {
  const columns = { messagesFrom: users.messagesFrom, transfersFrom: users.transfersFrom };
  const [row] =
    Object.keys(input).length > 0
      ? await db.update(users).set(input).where(eq(users.id, userId)).returning(columns)
      : await db.select(columns).from(users).where(eq(users.id, userId));
  return row!;
}
