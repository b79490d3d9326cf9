import { ERROR_CODES, FOLLOW_MESSAGES, PROFILE_MESSAGES } from '@devplay/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberIdByName } from '../../db/member-by-name';
import { memberSummary } from '../../db/member-summary';
import { actAndNotify, undoAndWithdraw } from '../../db/notifications';
import { follows, users } from '../../db/schema/index';
import { reachable, shutOut } from '../../db/visibility';
import { afterCursor, cursorTime, decodeCursor, toPage, withoutCursor } from '../../lib/cursor';
import { missingReferenceAs } from '../../lib/db-errors';
import { badRequest, blockedPair, notFound } from '../../lib/errors';
import type { EventBus } from '../../plugins/events';
import { feedChanged } from '../../plugins/feed-changes';
import { announce } from '../../plugins/notification-changes';

async function userIdOf(db: Db, username: string) {
  const id = await memberIdByName(db, username);
  if (id === null) throw notFound(PROFILE_MESSAGES.userNotFound);
  return id;
}

async function followState(db: Db, followerId: number, followingId: number) {
  const [row] = await db
    .select({
      isFollowing: sql<boolean>`bool_or(${follows.followerId} = ${followerId})`,
      followersCount: count(),
    })
    .from(follows)
    .where(eq(follows.followingId, followingId));
  return { isFollowing: row?.isFollowing ?? false, followersCount: row?.followersCount ?? 0 };
}

const param = {
  followerId: sql.placeholder('followerId'),
  followingId: sql.placeholder('followingId'),
};

/** The followed member's one follow group: its subject is themself. */
const followEvent = { type: 'follow' as const, actor: param.followerId, subjectKey: 0 };

/**
 * Idempotent under any concurrency: the primary key absorbs a second subscribe, which then
 * notifies nobody; a new subscription and its notification are one statement. Between members
 * who block one another nothing is added, and the answer says so.
 */
const followStatement = actAndNotify<{ blocked: boolean }>('follows_add', () => ({
  action: [
    [
      'added',
      sql`insert into ${follows} (follower_id, following_id)
        select ${param.followerId}::int, ${param.followingId}::int
        where ${reachable(param.followerId, param.followingId)}
        on conflict do nothing returning following_id`,
    ],
  ],
  event: { ...followEvent, recipients: sql`select following_id from added` },
  answer: {
    columns: { blocked: shutOut(param.followerId, param.followingId) },
    from: sql`(select) pair`,
  },
}));

const unfollowStatement = undoAndWithdraw('follows_remove', () => ({
  action: [
    [
      'removed',
      sql`delete from ${follows}
        where follower_id = ${param.followerId}::int and following_id = ${param.followingId}::int
        returning following_id`,
    ],
  ],
  event: { ...followEvent, recipient: sql`select following_id from removed` },
}));

/**
 * The followed member's own count of subscribers, on their screens at once: a follow by someone
 * whose notifications they turned off, or an unfollow, brings no notification to carry it.
 */
const announceFollowers = (bus: EventBus, followingId: number, count: number) =>
  void bus.publish([followingId], { type: 'followers:count', data: { count } });

export async function follow(db: Db, bus: EventBus, followerId: number, username: string) {
  const followingId = await userIdOf(db, username);
  if (followingId === followerId)
    throw badRequest(FOLLOW_MESSAGES.selfFollow, ERROR_CODES.selfFollow, 'username');
  const { changes, answer } = await followStatement(db, { followerId, followingId }).catch(
    missingReferenceAs(() => notFound(PROFILE_MESSAGES.userNotFound)),
  );
  announce(bus, changes);
  if (answer?.blocked) throw blockedPair();
  const state = await followState(db, followerId, followingId);
  announceFollowers(bus, followingId, state.followersCount);
  await feedChanged(db, bus);
  return state;
}

export async function unfollow(db: Db, bus: EventBus, followerId: number, username: string) {
  const followingId = await userIdOf(db, username);
  const { changes } = await unfollowStatement(db, { followerId, followingId });
  announce(bus, changes);
  const state = await followState(db, followerId, followingId);
  announceFollowers(bus, followingId, state.followersCount);
  await feedChanged(db, bus);
  return state;
}

/**
 * Followers or followings of a member, newest subscription first, leaving out whoever is in a
 * block with the viewer (either way); the lists of such a member read empty.
 */
export async function listFollows(
  db: Db,
  viewerId: number,
  username: string,
  direction: 'followers' | 'followings',
  page: { cursor?: string; limit: number },
) {
  const cursor = decodeCursor(page.cursor);
  const userId = await userIdOf(db, username);
  const [self, other] =
    direction === 'followers'
      ? [follows.followingId, follows.followerId]
      : [follows.followerId, follows.followingId];
  const rows = await db
    .select({
      ...memberSummary,
      cursorTime: cursorTime(follows.createdAt),
    })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(
      and(
        eq(self, userId),
        afterCursor(follows.createdAt, other, cursor, 'desc'),
        reachable(viewerId, userId),
        reachable(viewerId, other, users),
      ),
    )
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(page.limit + 1);
  return toPage(rows, page.limit, (row) => row.id, withoutCursor);
}
