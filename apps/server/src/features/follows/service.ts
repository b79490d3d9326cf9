import { ERROR_CODES, FOLLOW_MESSAGES, PROFILE_MESSAGES } from '@devplay/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberSummary } from '../../db/member-summary';
import { actAndNotify, undoAndWithdraw } from '../../db/notifications';
import { follows, users } from '../../db/schema/index';
import { afterCursor, cursorTime, decodeCursor, toPage } from '../../lib/cursor';
import { missingReferenceAs } from '../../lib/db-errors';
import { badRequest, notFound } from '../../lib/errors';
import type { EventBus } from '../../plugins/events';
import { feedChanged } from '../../plugins/feed-changes';
import { announce } from '../../plugins/notification-changes';

async function userIdOf(db: Db, username: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (!user) throw notFound(PROFILE_MESSAGES.userNotFound);
  return user.id;
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
 * notifies nobody; a new subscription and its notification are one statement.
 */
const followStatement = actAndNotify('follows_add', () => ({
  action: [
    [
      'added',
      sql`insert into ${follows} (follower_id, following_id)
        values (${param.followerId}::int, ${param.followingId}::int)
        on conflict do nothing returning following_id`,
    ],
  ],
  event: { ...followEvent, recipients: sql`select following_id from added` },
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

export async function follow(db: Db, bus: EventBus, followerId: number, username: string) {
  const followingId = await userIdOf(db, username);
  if (followingId === followerId)
    throw badRequest(FOLLOW_MESSAGES.selfFollow, ERROR_CODES.selfFollow, 'username');
  const { changes } = await followStatement(db, { followerId, followingId }).catch(
    missingReferenceAs(() => notFound(PROFILE_MESSAGES.userNotFound)),
  );
  announce(bus, changes);
  const state = await followState(db, followerId, followingId);
  await feedChanged(db, bus);
  return state;
}

export async function unfollow(db: Db, bus: EventBus, followerId: number, username: string) {
  const followingId = await userIdOf(db, username);
  const { changes } = await unfollowStatement(db, { followerId, followingId });
  announce(bus, changes);
  const state = await followState(db, followerId, followingId);
  await feedChanged(db, bus);
  return state;
}

/** Followers or followings of a member, newest subscription first. */
export async function listFollows(
  db: Db,
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
    .where(and(eq(self, userId), afterCursor(follows.createdAt, other, cursor, 'desc')))
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(page.limit + 1);
  return toPage(
    rows,
    page.limit,
    (row) => row.id,
    ({ cursorTime: _, ...user }) => user,
  );
}
