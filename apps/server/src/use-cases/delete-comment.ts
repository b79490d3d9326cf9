import { canDeleteComment, COMMENT_MESSAGES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { quote, recordAudit } from '../db/audit';
import type { Db } from '../db/client';
import { notify, type NotificationChange } from '../db/notifications';
import { comments, posts, users } from '../db/schema/index';
import type { Deps } from '../deps';
import { forbidden, notFound } from '../lib/errors';
import type { Actor } from '../plugins/auth';
import { feedChanged } from '../plugins/feed-changes';
import { announce } from '../plugins/notification-changes';

export type DeleteCommentDeps = Pick<Deps, 'db' | 'events'>;

/** What a comment's removal leaves to do once its transaction committed. */
export type CommentRemoval = { changes: NotificationChange[]; postId: number };

/**
 * The rows of `deleteComment`, in the caller's transaction: a report's resolution removes the
 * comment in its own, then runs `afterCommentRemoval`.
 */
export async function removeComment(
  tx: Db,
  actor: Actor,
  commentId: number,
): Promise<CommentRemoval> {
  // The post author's notification of the comment goes with it; an admin's removal tells its author.
  const [comment] = await tx
    .select({
      userId: comments.userId,
      text: comments.text,
      author: users.username,
      postId: comments.postId,
      postTitle: posts.title,
      postAuthorId: posts.authorId,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(eq(comments.id, commentId))
    .for('update', { of: comments });
  if (!comment) throw notFound(COMMENT_MESSAGES.notFound);
  if (!canDeleteComment(actor, comment)) throw forbidden(COMMENT_MESSAGES.notAuthor);
  await tx.delete(comments).where(eq(comments.id, commentId));
  const changes: NotificationChange[] = [{ userId: comment.postAuthorId, groupId: null }];
  if (comment.userId !== actor.id) {
    changes.push(
      ...(await notify(tx, {
        type: 'moderation',
        recipients: [comment.userId],
        actor: actor.id,
        subjectKey: commentId,
        details: { targetType: 'comment', title: comment.postTitle, text: comment.text },
      })),
    );
    await recordAudit(tx, actor, {
      action: 'comment.delete',
      targetType: 'comment',
      targetId: commentId,
      summary: `Deleted comment ${quote(comment.text)} by ${comment.author} on ${quote(comment.postTitle)}`,
    });
  }
  return { changes, postId: comment.postId };
}

/** Once the removal committed: the notifications, then the post's counts in the feeds. */
export async function afterCommentRemoval(
  { db, events }: DeleteCommentDeps,
  actor: Actor,
  { changes, postId }: CommentRemoval,
) {
  announce(events, changes);
  await feedChanged(db, events, { counted: postId, actorId: actor.id });
}

/**
 * A comment goes, by its author's hand (DELETE /comment/:id) or an admin's (that route, DELETE
 * /admin/comment/:id, or a report's resolution). Locked before the policy reads it, so of two
 * deletions at once the second finds it gone (404); the audit entry of an admin's removal commits
 * with the deletion.
 */
export async function deleteComment(deps: DeleteCommentDeps, actor: Actor, commentId: number) {
  const removal = await deps.db.transaction((tx) => removeComment(tx, actor, commentId));
  await afterCommentRemoval(deps, actor, removal);
}
