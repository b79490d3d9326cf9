import { POST_MESSAGES } from '@devplay/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberSummary } from '../../db/member-summary';
import { actAndNotify, undoAndWithdraw } from '../../db/notifications';
import { likes, posts, users } from '../../db/schema/index';
import { missingReferenceAs } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';
import type { EventBus } from '../../plugins/events';

async function likeState(db: Db, postId: number, userId: number) {
  const [row] = await db
    .select({
      likesCount: posts.likesCount,
      likedByMe: sql<boolean>`exists(select 1 from ${likes} where ${likes.postId} = ${postId} and ${likes.userId} = ${userId})`,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!row) throw notFound(POST_MESSAGES.notFound);
  return row;
}

const likeEvent = (postId: number, userId: number) => ({
  type: 'like' as const,
  actor: userId,
  subjectKey: postId,
  postId,
});

/**
 * Idempotent: the primary key turns a second like, however concurrent, into a no-op, which
 * notifies nobody. The like and its notification are one statement: the post's author hears of
 * it only when a row was added, and PostgreSQL's abort of a collision (a deadlock with a post
 * deleted meanwhile) runs it again. The count read afterwards is the post's own, which the likes
 * trigger moved with the insert.
 */
export async function like(db: Db, bus: EventBus, postId: number, userId: number) {
  const added = sql`added as (
    insert into ${likes} (post_id, user_id) values (${postId}::int, ${userId}::int)
    on conflict do nothing returning post_id)`;
  const recipients = sql`select p.author_id from ${posts} p join added on added.post_id = p.id`;
  await actAndNotify(db, bus, { ...likeEvent(postId, userId), recipients }, added).catch(
    missingReferenceAs(notFound(POST_MESSAGES.notFound)),
  );
  return likeState(db, postId, userId);
}

/** The unlike and the actor leaving the author's unread group, in one statement. */
export async function unlike(db: Db, bus: EventBus, postId: number, userId: number) {
  const removed = sql`removed as (
    delete from ${likes} where post_id = ${postId}::int and user_id = ${userId}::int
    returning post_id)`;
  const recipient = sql`select p.author_id from ${posts} p join removed on removed.post_id = p.id`;
  await undoAndWithdraw(db, bus, { ...likeEvent(postId, userId), recipient }, removed);
  return likeState(db, postId, userId);
}

export async function listLikers(db: Db, postId: number, limit: number) {
  const [post] = await db
    .select({ likesCount: posts.likesCount })
    .from(posts)
    .where(eq(posts.id, postId));
  const rows = await db
    .select(memberSummary)
    .from(likes)
    .innerJoin(users, eq(users.id, likes.userId))
    .where(eq(likes.postId, postId))
    .orderBy(desc(likes.createdAt))
    .limit(limit);
  return { data: rows.map((fromUser) => ({ fromUser })), total: post?.likesCount ?? 0 };
}

export async function likedPostIds(db: Db, userId: number) {
  const rows = await db
    .select({ postId: likes.postId })
    .from(likes)
    .where(eq(likes.userId, userId));
  return rows.map((row) => row.postId);
}
