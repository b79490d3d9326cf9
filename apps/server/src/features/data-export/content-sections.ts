import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, likes, posts, users } from '../../db/schema/index';
import { pagesOf } from './json-parts';
import { mediaPath } from './media';

/** posts.json: the member's posts, oldest first, with how many liked and commented on each. */
export const postsOf = (db: Db, userId: number) =>
  pagesOf(
    async (after, size) => {
      const rows = await db
        .select({
          id: posts.id,
          title: posts.title,
          description: posts.description,
          image: posts.image,
          imageAlt: posts.imageAlt,
          video: posts.video,
          createdAt: posts.createdAt,
          editedAt: posts.editedAt,
          likesCount: posts.likesCount,
          commentsCount: posts.commentsCount,
        })
        .from(posts)
        .where(and(eq(posts.authorId, userId), gt(posts.id, after)))
        .orderBy(asc(posts.id))
        .limit(size);
      return rows.map((row) => ({ ...row, image: mediaPath(row.image) }));
    },
    (row) => row.id,
  );

/** comments.json: what the member wrote under posts (theirs or others'), with the post's title. */
export const commentsOf = (db: Db, userId: number) =>
  pagesOf(
    (after, size) =>
      db
        .select({
          id: comments.id,
          postId: comments.postId,
          postTitle: posts.title,
          text: comments.text,
          createdAt: comments.createdAt,
          editedAt: comments.editedAt,
        })
        .from(comments)
        .innerJoin(posts, eq(posts.id, comments.postId))
        .where(and(eq(comments.userId, userId), gt(comments.id, after)))
        .orderBy(asc(comments.id))
        .limit(size),
    (row) => row.id,
  );

/** likes.json: the posts the member likes, each with its title and its author's username. */
export const likesOf = (db: Db, userId: number) =>
  pagesOf(
    (after, size) =>
      db
        .select({
          postId: likes.postId,
          postTitle: posts.title,
          author: users.username,
          likedAt: likes.createdAt,
        })
        .from(likes)
        .innerJoin(posts, eq(posts.id, likes.postId))
        .innerJoin(users, eq(users.id, posts.authorId))
        .where(and(eq(likes.userId, userId), gt(likes.postId, after)))
        .orderBy(asc(likes.postId))
        .limit(size),
    (row) => row.postId,
  );
