import { ADMIN_MESSAGES, centsToEuros } from '@devplay/shared';
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { quote, recordAudit, type AuditActor } from '../../db/audit';
import type { Db } from '../../db/client';
import {
  accounts,
  comments,
  follows,
  likes,
  messages,
  posts,
  uploads,
  users,
} from '../../db/schema/index';
import { missingReferenceAs } from '../../lib/db-errors';
import { AppError, notFound } from '../../lib/errors';
import { deleteMember } from '../../use-cases/delete-member';
import { memberDeletionRefusal } from './policy';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What goes with a member, counted for the audit entry's summary. */
async function memberFootprint(db: Db, userId: number) {
  const [row] = await db
    .select({
      posts: sql<number>`(select count(*)::int from ${posts} where ${posts.authorId} = ${userId})`,
      comments: sql<number>`(select count(*)::int from ${comments} where ${comments.userId} = ${userId})`,
      likes: sql<number>`(select count(*)::int from ${likes} where ${likes.userId} = ${userId})`,
      messages: sql<number>`(select count(*)::int from ${messages} where ${or(eq(messages.senderId, userId), eq(messages.receiverId, userId))})`,
      follows: sql<number>`(select count(*)::int from ${follows} where ${or(eq(follows.followerId, userId), eq(follows.followingId, userId))})`,
      uploads: sql<number>`(select count(*)::int from ${uploads} where ${uploads.ownerId} = ${userId})`,
      balanceCents: sql<string>`coalesce((select ${accounts.balanceCents} from ${accounts} where ${accounts.userId} = ${userId}), 0)`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

/**
 * DELETE /admin/user/:id: the same leaving as DELETE /me (the balance back to the system account,
 * the cascade, the files, the sockets), refused for the admin themself and for other admins; the
 * audit entry is written in the deletion's own transaction.
 */
export async function deleteUserAsAdmin(app: FastifyInstance, actor: AuditActor, targetId: number) {
  const [target] = await app.db.select().from(users).where(eq(users.id, targetId));
  if (!target) throw notFound(ADMIN_MESSAGES.userNotFound);
  const refusal = memberDeletionRefusal(actor.id, { id: target.id, isAdmin: app.isAdmin(target) });
  if (refusal) throw new AppError(403, refusal.code, refusal.message);
  const footprint = await memberFootprint(app.db, target.id);
  const balance = centsToEuros(Number(footprint.balanceCents));
  const removed = [
    plural(footprint.posts, 'post'),
    plural(footprint.comments, 'comment'),
    plural(footprint.likes, 'like'),
    plural(footprint.messages, 'message'),
    plural(footprint.follows, 'follow'),
    plural(footprint.uploads, 'upload'),
  ].join(', ');
  await deleteMember(app, target.id, async (tx) => {
    await recordAudit(tx, actor, {
      action: 'user.delete',
      targetType: 'user',
      targetId: target.id,
      summary: `Deleted member ${target.username} (${target.email}) with ${removed}; €${balance.toFixed(2)} returned to the system account`,
    });
  }).catch(
    // Deleted meanwhile (another admin, or the member themself): the account is gone already.
    missingReferenceAs(notFound(ADMIN_MESSAGES.userNotFound)),
  );
}

/** DELETE /admin/post/:id: any member's post, its comments and likes, and its image file. */
export async function deletePostAsAdmin(app: FastifyInstance, actor: AuditActor, postId: number) {
  const image = await app.db.transaction(async (tx) => {
    const [post] = await tx
      .select({
        title: posts.title,
        image: posts.image,
        author: users.username,
        likes: posts.likesCount,
        comments: posts.commentsCount,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(eq(posts.id, postId));
    if (!post) throw notFound(ADMIN_MESSAGES.postNotFound);
    const deleted = await tx.delete(posts).where(eq(posts.id, postId)).returning({ id: posts.id });
    if (deleted.length === 0) throw notFound(ADMIN_MESSAGES.postNotFound);
    if (post.image) await tx.delete(uploads).where(eq(uploads.url, post.image));
    await recordAudit(tx, actor, {
      action: 'post.delete',
      targetType: 'post',
      targetId: postId,
      summary: `Deleted post ${quote(post.title)} by ${post.author} with ${plural(post.comments, 'comment')} and ${plural(post.likes, 'like')}${post.image ? ' and its image' : ''}`,
    });
    return post.image;
  });
  await app.storage.remove([image]);
}

/** DELETE /admin/comment/:id: any member's comment. */
export async function deleteCommentAsAdmin(db: Db, actor: AuditActor, commentId: number) {
  await db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ text: comments.text, author: users.username, postTitle: posts.title })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(eq(comments.id, commentId));
    if (!comment) throw notFound(ADMIN_MESSAGES.commentNotFound);
    const deleted = await tx
      .delete(comments)
      .where(eq(comments.id, commentId))
      .returning({ id: comments.id });
    if (deleted.length === 0) throw notFound(ADMIN_MESSAGES.commentNotFound);
    await recordAudit(tx, actor, {
      action: 'comment.delete',
      targetType: 'comment',
      targetId: commentId,
      summary: `Deleted comment ${quote(comment.text)} by ${comment.author} on ${quote(comment.postTitle)}`,
    });
  });
}
