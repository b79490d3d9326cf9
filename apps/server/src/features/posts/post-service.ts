import {
  cooldownMessage,
  ERROR_CODES,
  UPLOAD_MESSAGES,
  TIMINGS,
  toYouTubeEmbed,
  type createPostInputSchema,
} from '@devplay/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { posts, uploads, users } from '../../db/schema/index';
import { feedChanged } from '../../plugins/feed-changes';
import { announce } from '../../plugins/notification-changes';
import type { Deps } from '../../deps';
import { AppError, badRequest } from '../../lib/errors';
import { notifyMentions } from './mention-service';
import { findPost } from './post-queries';

type CreatePost = z.output<typeof createPostInputSchema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A post shows only a picture its author uploaded for a post. */
export async function requireOwnUpload(tx: Tx, authorId: number, url: string) {
  const [owned] = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.url, url), eq(uploads.ownerId, authorId), eq(uploads.kind, 'post')))
    // Held until the post is committed: a deletion that finds it held leaves the file alone.
    .for('key share');
  if (!owned) throw badRequest(UPLOAD_MESSAGES.imageUnknown, undefined, 'image');
}

/** Publishes the post, which every process then announces to the author's followers online. */
export async function createPost(
  { db, events }: Pick<Deps, 'db' | 'events'>,
  authorId: number,
  input: CreatePost,
) {
  const { postId, mentioned } = await db.transaction(async (tx) => {
    // Locking the author serialises their posts, so two quick submits cannot both beat the cooldown.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, authorId)).for('update');
    const [last] = await tx
      .select({
        ageMs: sql<number>`(extract(epoch from now() - ${posts.createdAt}) * 1000)::float8`,
      })
      .from(posts)
      .where(eq(posts.authorId, authorId))
      .orderBy(desc(posts.createdAt))
      .limit(1);
    if (last && last.ageMs < TIMINGS.postCooldownMs) {
      const seconds = Math.ceil((TIMINGS.postCooldownMs - last.ageMs) / 1000);
      throw new AppError(422, ERROR_CODES.cooldown, cooldownMessage(seconds));
    }
    if (input.image) await requireOwnUpload(tx, authorId, input.image);
    const [row] = await tx
      .insert(posts)
      .values({
        authorId,
        title: input.title,
        description: input.description,
        image: input.image,
        imageAlt: input.image ? input.imageAlt : null,
        // The schema let only YouTube links through (shared/youtube.ts).
        video: input.video ? toYouTubeEmbed(input.video) : null,
      })
      .returning({ id: posts.id });
    const item = { authorId, postId: row!.id, commentId: null, text: input.description };
    return { postId: row!.id, mentioned: await notifyMentions(tx, item) };
  });
  announce(events, mentioned);
  const post = (await findPost(db, authorId, postId))!;
  await feedChanged(db, events, { published: { postId, authorId } });
  return post;
}
