import { canDeletePost, POST_MESSAGES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { quote, recordAudit } from '../db/audit';
import type { Db } from '../db/client';
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

/** What a post's removal leaves to do once its transaction committed. */
export type PostRemoval = { dropped: string[]; changes: NotificationChange[] };

/**
 * The rows of `deletePost`, in the caller's transaction: a report's resolution removes the post
 * in its own, then runs `afterPostRemoval`.
 */
export async function removePost(tx: Db, actor: Actor, postId: number): Promise<PostRemoval> {
  // The author's groups on the post go with it; an admin's removal tells them so.
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
}

/** Once the removal committed: the notifications, the feeds, then the image's files. */
export async function afterPostRemoval(
  { db, storage, events }: DeletePostDeps,
  { dropped, changes }: PostRemoval,
) {
  announce(events, changes);
  await feedChanged(db, events);
  await storage.remove(dropped);
}

/**
 * A post goes, by its author's hand (DELETE /post/:id) or an admin's (that route, DELETE
 * /admin/post/:id, or a report's resolution), with its comments, likes and image. The row is
 * locked before the policy reads it, so of two deletions at once the second finds it gone (404)
 * and writes nothing; the audit entry, written when an admin removes someone else's post, commits
 * with the deletion. The image goes only once the rows are gone for good, and only if no other
 * post of the author shows it (db/upload-references.ts).
 */
export async function deletePost(deps: DeletePostDeps, actor: Actor, postId: number) {
  const removal = await deps.db.transaction((tx) => removePost(tx, actor, postId));
  await afterPostRemoval(deps, removal);
}
