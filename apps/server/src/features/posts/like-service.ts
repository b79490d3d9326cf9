import { POST_MESSAGES } from '@devplay/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberSummary } from '../../db/member-summary';
import { announce, notify, withdraw } from '../../db/notifications';
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
  recipients: sql`select ${posts.authorId} from ${posts} where ${posts.id} = ${postId}`,
});

/**
 * Idempotent: the primary key turns a second like, however concurrent, into a no-op, which
 * notifies nobody. The count read afterwards is the post's own, which the likes trigger moved
 * with the insert.
 */
export async function like(db: Db, bus: EventBus, postId: number, userId: number) {
  const changes = await db
    .transaction(async (tx) => {
      const added = await tx
        .insert(likes)
        .values({ postId, userId })
        .onConflictDoNothing()
        .returning({ postId: likes.postId });
      return added.length ? notify(tx, likeEvent(postId, userId)) : [];
    })
    .catch(missingReferenceAs(notFound(POST_MESSAGES.notFound)));
  await announce(db, bus, changes);
  return likeState(db, postId, userId);
}

export async function unlike(db: Db, bus: EventBus, postId: number, userId: number) {
  const changes = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(likes)
      .where(and(eq(likes.postId, postId), eq(likes.userId, userId)))
      .returning({ postId: likes.postId });
    if (!removed.length) return [];
    const [post] = await tx
      .select({ authorId: posts.authorId })
      .from(posts)
      .where(eq(posts.id, postId));
    return post ? withdraw(tx, { ...likeEvent(postId, userId), recipient: post.authorId }) : [];
  });
  await announce(db, bus, changes);
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
