import { POST_MESSAGES } from '@devplay/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberSummary } from '../../db/member-summary';
import type { AnswerQuery } from '../../db/notification-statement';
import { actAndNotify, undoAndWithdraw } from '../../db/notifications';
import { likes, posts, users } from '../../db/schema/index';
import { reachable } from '../../db/visibility';
import { missingReferenceAs } from '../../lib/db-errors';
import { blockedPair, notFound } from '../../lib/errors';
import type { EventBus } from '../../plugins/events';
import { feedChanged } from '../../plugins/feed-changes';
import { announce } from '../../plugins/notification-changes';
import { lockedPost } from './post-lock';

const param = { postId: sql.placeholder('postId'), userId: sql.placeholder('userId') };

const likeEvent = {
  type: 'like' as const,
  actor: param.userId,
  subjectKey: param.postId,
  postId: param.postId,
};

type LikeState = { likesCount: number; likedByMe: boolean };

/**
 * The post's count once `change` (the step of likes added or removed) is in: the locked row's
 * count from before it, which the likes trigger moves by those rows. No post: no answer. A like
 * also answers whether the liker and the author block one another (`blocked`).
 */
const likeState = (change: 'added' | 'removed', likedByMe: boolean): AnswerQuery => ({
  columns: {
    likesCount: sql`locked_post.likes_count ${sql.raw(change === 'added' ? '+' : '-')}
      (select count(*) from ${sql.raw(change)})::int`,
    likedByMe: sql.raw(String(likedByMe)),
    ...(change === 'added' ? { blocked: sql`locked_post.blocked` } : {}),
  },
  from: sql`locked_post`,
});

const answerOrMissing = (state: (LikeState & { blocked?: boolean }) | undefined): LikeState => {
  if (!state) throw notFound(POST_MESSAGES.notFound);
  if (state.blocked) throw blockedPair();
  return { likesCount: state.likesCount, likedByMe: state.likedByMe };
};

/**
 * Idempotent: the primary key turns a second like, however concurrent, into a no-op, which
 * notifies nobody. The like, its notification and the answer are one statement: the post's
 * author hears of it only when a row was added, and PostgreSQL's abort of a collision (a
 * deadlock with a post deleted meanwhile) runs it again. Between members who block one another
 * nothing is added.
 */
const likeStatement = actAndNotify<LikeState & { blocked: boolean }>('posts_like', () => ({
  action: [
    lockedPost(param.postId, param.userId),
    [
      'added',
      sql`insert into ${likes} (post_id, user_id) select id, ${param.userId}::int from locked_post
        where not locked_post.blocked
        on conflict do nothing returning post_id`,
    ],
  ],
  event: {
    ...likeEvent,
    recipients: sql`select p.author_id from ${posts} p join added on added.post_id = p.id`,
  },
  answer: likeState('added', true),
}));

/** The unlike, the actor leaving the author's unread group and the answer, in one statement. */
const unlikeStatement = undoAndWithdraw<LikeState>('posts_unlike', () => ({
  action: [
    lockedPost(param.postId),
    [
      'removed',
      sql`delete from ${likes}
        where post_id = ${param.postId}::int and user_id = ${param.userId}::int
          and exists (select from locked_post)
        returning post_id`,
    ],
  ],
  event: {
    ...likeEvent,
    recipient: sql`select p.author_id from ${posts} p join removed on removed.post_id = p.id`,
  },
  answer: likeState('removed', false),
}));

export async function like(db: Db, bus: EventBus, postId: number, userId: number) {
  const { changes, answer } = await likeStatement(db, { postId, userId }).catch(
    missingReferenceAs(() => notFound(POST_MESSAGES.notFound)),
  );
  announce(bus, changes);
  const state = answerOrMissing(answer);
  await feedChanged(db, bus, { counted: postId, actorId: userId });
  return state;
}

export async function unlike(db: Db, bus: EventBus, postId: number, userId: number) {
  const { changes, answer } = await unlikeStatement(db, { postId, userId });
  announce(bus, changes);
  const state = answerOrMissing(answer);
  await feedChanged(db, bus, { counted: postId, actorId: userId });
  return state;
}

/**
 * Who liked a post, leaving out members in a block with the viewer (either way); `total` is the
 * post's count, as its card shows it. The post of such a member reads as no post: nobody, 0.
 */
export async function listLikers(db: Db, viewerId: number, postId: number, limit: number) {
  const [post] = await db
    .select({ likesCount: posts.likesCount })
    .from(posts)
    .where(and(eq(posts.id, postId), reachable(viewerId, posts.authorId)));
  if (!post) return { data: [], total: 0 };
  const rows = await db
    .select(memberSummary)
    .from(likes)
    .innerJoin(users, eq(users.id, likes.userId))
    .where(and(eq(likes.postId, postId), reachable(viewerId, likes.userId, users)))
    .orderBy(desc(likes.createdAt))
    .limit(limit);
  return { data: rows.map((fromUser) => ({ fromUser })), total: post.likesCount };
}

/** The posts a member liked; none for a member in a block with the viewer (either way). */
export async function likedPostIds(db: Db, viewerId: number, userId: number) {
  const rows = await db
    .select({ postId: likes.postId })
    .from(likes)
    .where(and(eq(likes.userId, userId), reachable(viewerId, userId)));
  return rows.map((row) => row.postId);
}
