import { canDeleteComment, COMMENT_MESSAGES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { quote, recordAudit } from '../db/audit';
import { notify, type NotificationChange } from '../db/notifications';
import { comments, posts, users } from '../db/schema/index';
import type { Deps } from '../deps';
import { forbidden, notFound } from '../lib/errors';
import type { Actor } from '../plugins/auth';
import { feedChanged } from '../plugins/feed-changes';
import { announce } from '../plugins/notification-changes';

export type DeleteCommentDeps = Pick<Deps, 'db' | 'events'>;

/**
 * A comment goes, by its author's hand (DELETE /comment/:id) or an admin's (that route or
 * DELETE /admin/comment/:id). Locked before the policy reads it, so of two deletions at once the
 * second finds it gone (404); the audit entry of an admin's removal commits with the deletion.
 */
export async function deleteComment(
  { db, events }: DeleteCommentDeps,
  actor: Actor,
  commentId: number,
) {
  // The post author's notification of the comment goes with it; an admin's removal tells its author.
  const { changes, postId } = await db.transaction(async (tx) => {
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
  });
  announce(events, changes);
  await feedChanged(db, events, { counted: postId, actorId: actor.id });
}
