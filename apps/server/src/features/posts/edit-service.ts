import {
  canEditComment,
  canEditPost,
  COMMENT_MESSAGES,
  POST_MESSAGES,
  toYouTubeEmbed,
  type updatePostInputSchema,
} from '@devplay/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { comments, posts, uploads } from '../../db/schema/index';
import { dropUnshownUploads } from '../../db/upload-references';
import { feedChanged } from '../../plugins/feed-changes';
import { announce } from '../../plugins/notification-changes';
import type { Deps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { commentsQuery, presentComment } from './comment-service';
import { notifyMentions } from './mention-service';
import { findPost } from './post-queries';
import { requireOwnUpload } from './post-service';

type UpdatePost = z.output<typeof updatePostInputSchema>;
type Editable = {
  title: string;
  description: string;
  image: string | null;
  video: string | null;
  imageAlt: string | null;
};

/** What the post reads after the edit: an omitted field stays, and no picture keeps no alt text. */
function merged(post: Editable, input: UpdatePost): Editable {
  const image = input.image === undefined ? post.image : input.image;
  const video = input.video === undefined ? post.video : input.video && toYouTubeEmbed(input.video);
  return {
    title: input.title ?? post.title,
    description: input.description ?? post.description,
    image,
    video: video ?? null,
    imageAlt: image === null ? null : input.imageAlt === undefined ? post.imageAlt : input.imageAlt,
  };
}

const sameAs = (a: Editable, b: Editable) =>
  (Object.keys(a) as (keyof Editable)[]).every((key) => a[key] === b[key]);

/**
 * The author rewrites their post (PATCH /post/:id). The row is locked while it is read and
 * written, so two edits at once apply one after the other; a save that changes nothing leaves
 * `editedAt` alone. A picture the edit replaces or removes goes as a deleted post's does, once
 * the new row is committed, unless another post of the author still shows it.
 */
export async function editPost(
  { db, storage, events }: Pick<Deps, 'db' | 'storage' | 'events'>,
  actorId: number,
  postId: number,
  input: UpdatePost,
) {
  const { dropped, mentioned } = await db.transaction(async (tx) => {
    const [post] = await tx
      .select({
        authorId: posts.authorId,
        title: posts.title,
        description: posts.description,
        image: posts.image,
        video: posts.video,
        imageAlt: posts.imageAlt,
      })
      .from(posts)
      .where(eq(posts.id, postId))
      .for('update');
    if (!post) throw notFound(POST_MESSAGES.notFound);
    if (!canEditPost({ id: actorId }, post)) throw forbidden(POST_MESSAGES.notAuthorEdit);
    const next = merged(post, input);
    if (next.image === null && next.video === null) {
      throw badRequest(POST_MESSAGES.media, undefined, 'image');
    }
    if (sameAs(next, post)) return { dropped: [], mentioned: [] };
    if (next.image !== null && next.image !== post.image) {
      await requireOwnUpload(tx, actorId, next.image);
    }
    await tx
      .update(posts)
      .set({ ...next, editedAt: sql`now()` })
      .where(eq(posts.id, postId));
    // Only a new description can name someone new; those named before are recorded.
    const mentioned =
      next.description === post.description
        ? []
        : await notifyMentions(tx, {
            authorId: actorId,
            postId,
            commentId: null,
            text: next.description,
          });
    if (post.image === null || post.image === next.image) return { dropped: [], mentioned };
    return { dropped: await dropUnshownUploads(tx, eq(uploads.url, post.image)), mentioned };
  });
  announce(events, mentioned);
  await storage.remove(dropped);
  const post = (await findPost(db, actorId, postId))!;
  // The feeds' copies and ETags go, so no reader is answered with the old text.
  await feedChanged(db, events);
  return post;
}

/** The author rewrites their comment (PATCH /comment/:id); the same text leaves it unmarked. */
export async function editComment(
  { db, events }: Pick<Deps, 'db' | 'events'>,
  actorId: number,
  commentId: number,
  text: string,
) {
  const mentioned = await db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ userId: comments.userId, postId: comments.postId, text: comments.text })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('update');
    if (!comment) throw notFound(COMMENT_MESSAGES.notFound);
    if (!canEditComment({ id: actorId }, comment)) {
      throw forbidden(COMMENT_MESSAGES.notAuthorEdit);
    }
    if (comment.text === text) return [];
    await tx
      .update(comments)
      .set({ text, editedAt: sql`now()` })
      .where(eq(comments.id, commentId));
    return notifyMentions(tx, { authorId: actorId, postId: comment.postId, commentId, text });
  });
  announce(events, mentioned);
  const [row] = await commentsQuery(db).where(eq(comments.id, commentId));
  return presentComment(row!);
}
