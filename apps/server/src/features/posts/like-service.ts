import { POST_MESSAGES } from '@devplay/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberSummary } from '../../db/member-summary';
import type { AnswerQuery } from '../../db/notification-statement';
import { actAndNotify, undoAndWithdraw } from '../../db/notifications';
import { likes, posts, users } from '../../db/schema/index';
import { missingReferenceAs } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';
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
 * count from before it, which the likes trigger moves by those rows. No post: no answer.
 */
const likeState = (change: 'added' | 'removed', likedByMe: boolean): AnswerQuery => ({
  columns: {
    likesCount: sql`locked_post.likes_count ${sql.raw(change === 'added' ? '+' : '-')}
      (select count(*) from ${sql.raw(change)})::int`,
    likedByMe: sql.raw(String(likedByMe)),
  },
  from: sql`locked_post`,
});

const answerOrMissing = (state: LikeState | undefined) => {
  if (!state) throw notFound(POST_MESSAGES.notFound);
  return state;
};

/**
 * Idempotent: the primary key turns a second like, however concurrent, into a no-op, which
 * notifies nobody. The like, its notification and the answer are one statement: the post's
 * author hears of it only when a row was added, and PostgreSQL's abort of a collision (a
 * deadlock with a post deleted meanwhile) runs it again.
 */
const likeStatement = actAndNotify<LikeState>('posts_like', () => ({
  action: [
    lockedPost(param.postId),
    [
      'added',
      sql`insert into ${likes} (post_id, user_id) select id, ${param.userId}::int from locked_post
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
