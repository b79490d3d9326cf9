import { canDeletePost, POST_MESSAGES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { quote, recordAudit } from '../db/audit';
import { notify, type NotificationChange } from '../db/notifications';
import { dropUnshownUploads } from '../db/upload-references';
import { posts, uploads, users } from '../db/schema/index';
import type { Deps } from '../deps';
import { forbidden, notFound } from '../lib/errors';
import type { Actor } from '../plugins/auth';
import { feedChanged } from '../plugins/feed-changes';
import { announce } from '../plugins/notification-changes';
import { plural } from './plural';

export type DeletePostDeps = Pick<Deps, 'db' | 'storage' | 'events'>;

/**
 * A post goes, by its author's hand (DELETE /post/:id) or an admin's (that route or DELETE
 * /admin/post/:id), with its comments, likes and image. The row is locked before the policy
 * reads it, so of two deletions at once the second finds it gone (404) and writes nothing; the
 * audit entry, written when an admin removes someone else's post, commits with the deletion.
 * The image goes only once the rows are gone for good, and only if no other post of the author
 * shows it (db/upload-references.ts).
 */
export async function deletePost(
  { db, storage, events }: DeletePostDeps,
  actor: Actor,
  postId: number,
) {
  // The author's groups on the post go with it; an admin's removal tells them so.
  const { dropped, changes } = await db.transaction(async (tx) => {
    const [post] = await tx
      .select({
        authorId: posts.authorId,
        title: posts.title,
        image: posts.image,
        author: users.username,
        likes: posts.likesCount,
        comments: posts.commentsCount,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(eq(posts.id, postId))
      .for('update', { of: posts });
    if (!post) throw notFound(POST_MESSAGES.notFound);
    if (!canDeletePost(actor, post)) throw forbidden(POST_MESSAGES.notAuthor);
    await tx.delete(posts).where(eq(posts.id, postId));
    const dropped = post.image ? await dropUnshownUploads(tx, eq(uploads.url, post.image)) : [];
    const changes: NotificationChange[] = [{ userId: post.authorId, groupId: null }];
    if (post.authorId !== actor.id) {
      changes.push(
        ...(await notify(tx, {
          type: 'moderation',
          recipients: [post.authorId],
          actor: actor.id,
          subjectKey: postId,
          details: { targetType: 'post', title: post.title },
        })),
      );
      await recordAudit(tx, actor, {
        action: 'post.delete',
        targetType: 'post',
        targetId: postId,
        summary: `Deleted post ${quote(post.title)} by ${post.author} with ${plural(post.comments, 'comment')} and ${plural(post.likes, 'like')}${post.image ? ' and its image' : ''}`,
      });
    }
    return { dropped, changes };
  });
  announce(events, changes);
  await feedChanged(db, events);
  await storage.remove(dropped);
}
