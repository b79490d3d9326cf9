import type { Post } from '@devplay/shared';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, follows, likes, posts, users } from '../../db/schema/index';
import { afterCursor, cursorTime, decodeCursor, toPage } from '../../lib/cursor';

/**
 * Everything a post card needs in one statement (DESIGN §4): the author by join, the counts and
 * the viewer's like by correlated subqueries that each read one index range.
 */
const postColumns = (viewerId: number) => ({
  id: posts.id,
  title: posts.title,
  description: posts.description,
  image: posts.image,
  video: posts.video,
  createdAt: posts.createdAt,
  cursorTime: cursorTime(posts.createdAt),
  author: {
    id: users.id,
    username: users.username,
    fullName: users.fullName,
    avatar: users.avatar,
  },
  likesCount: sql<number>`(select count(*)::int from ${likes} where ${likes.postId} = ${posts.id})`,
  likedByMe: sql<boolean>`exists(select 1 from ${likes} where ${likes.postId} = ${posts.id} and ${likes.userId} = ${viewerId})`,
  commentsCount: sql<number>`(select count(*)::int from ${comments} where ${comments.postId} = ${posts.id})`,
});

const postsQuery = (db: Db, viewerId: number) =>
  db
    .select(postColumns(viewerId))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .$dynamic();

type PostRow = Awaited<ReturnType<typeof postsQuery>>[number];

export function presentPost(row: PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    video: row.video,
    createdAt: row.createdAt.toISOString(),
    author: row.author,
    likesCount: row.likesCount,
    likedByMe: row.likedByMe,
    commentsCount: row.commentsCount,
  };
}

export type PostListQuery = {
  authorId?: number;
  feed: 'all' | 'following';
  cursor?: string;
  limit: number;
};

export async function listPosts(db: Db, viewerId: number, query: PostListQuery) {
  const cursor = decodeCursor(query.cursor);
  const followed = db
    .select({ id: follows.followingId })
    .from(follows)
    .where(eq(follows.followerId, viewerId));
  const where = and(
    query.authorId ? eq(posts.authorId, query.authorId) : undefined,
    // "Following" is the people one subscribes to, plus oneself.
    query.feed === 'following'
      ? or(eq(posts.authorId, viewerId), inArray(posts.authorId, followed))
      : undefined,
    afterCursor(posts.createdAt, posts.id, cursor, 'desc'),
  );
  const rows = await postsQuery(db, viewerId)
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(query.limit + 1);
  return toPage(rows, query.limit, (row) => row.id, presentPost);
}

export async function findPost(db: Db, viewerId: number, postId: number): Promise<Post | null> {
  const [row] = await postsQuery(db, viewerId).where(eq(posts.id, postId));
  return row ? presentPost(row) : null;
}
