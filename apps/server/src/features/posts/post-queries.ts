import type { Post } from '@devplay/shared';
import { and, desc, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberSummary } from '../../db/member-summary';
import { follows, likes, posts, users } from '../../db/schema/index';
import { afterCursorParam, cursorTime, cursorValues, decodeCursor, toPage } from '../../lib/cursor';
import { perDatabase } from '../../db/per-database';
import { reachable, shownTo } from '../../db/visibility';

/**
 * The feed's statements are built and prepared once per database (drizzle then skips building
 * SQL per request, and PostgreSQL keeps one plan per connection); these are bound per request.
 */
const param = {
  viewerId: sql.placeholder('viewerId'),
  authorId: sql.placeholder('authorId'),
  postId: sql.placeholder('postId'),
};

/**
 * Whether `viewer` likes the post of the row. Not EXISTS: PostgreSQL may plan that as one hash of
 * every like the viewer ever gave, which grows with the table; a scalar subquery can only probe
 * the primary key once per post shown.
 */
export const likedBy = (viewer: SQL | Placeholder) =>
  sql<boolean>`coalesce((select true from ${likes} where ${likes.postId} = ${posts.id} and ${likes.userId} = ${viewer}), false)`;

/**
 * Everything a post card needs in one statement (DESIGN §4): the author by join, the counts kept
 * on the post (migration 0008), the viewer's like by a subquery on the likes primary key.
 */
const postColumns = {
  id: posts.id,
  title: posts.title,
  description: posts.description,
  image: posts.image,
  video: posts.video,
  imageAlt: posts.imageAlt,
  createdAt: posts.createdAt,
  editedAt: posts.editedAt,
  cursorTime: cursorTime(posts.createdAt),
  author: memberSummary,
  likesCount: posts.likesCount,
  likedByMe: likedBy(param.viewerId),
  commentsCount: posts.commentsCount,
};

const postsQuery = (db: Db) =>
  db.select(postColumns).from(posts).innerJoin(users, eq(users.id, posts.authorId)).$dynamic();

type PostRow = Awaited<ReturnType<typeof postsQuery>>[number];

function presentPost(row: PostRow): Post {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    video: row.video,
    imageAlt: row.imageAlt,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
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

/**
 * Rows a page statement reads: limit + 1 for a few page sizes, the smallest that covers the one
 * asked for (toPage keeps `limit` and reads any extra row as "there is a next page"). The count is
 * written into the statement because PostgreSQL plans a LIMIT it cannot see as a tenth of the
 * table, finds that plan dearer than a fresh one, and so would plan every page again.
 */
const PAGE_ROWS = [11, 21, 51, 101];

/**
 * A number written into the statement's text: drizzle sends `.limit(n)` as a parameter, but it
 * takes SQL too (its types only say number). Only PAGE_ROWS and `limit + 1` of a checked
 * integer come here, never raw input.
 */
const writtenIn = (rows: number) => sql.raw(String(Math.trunc(rows))) as unknown as number;

type PageShape = { following: boolean; byAuthor: boolean; afterCursor: boolean; rows: number };

const shapeKey = (shape: PageShape) =>
  [
    'posts_page',
    shape.following ? 'following' : 'all',
    ...(shape.byAuthor ? ['by_author'] : []),
    ...(shape.afterCursor ? ['after_cursor'] : []),
    shape.rows,
  ].join('_');

/**
 * A member's posts are planned for the member at each request, as the unnamed statement (''):
 * a plan made once for any author expects a few posts each, and for a later page reads all of a
 * prolific author's posts before the cursor and sorts them (0.5 ms at 600 posts, growing with
 * them) instead of walking their index from the cursor (0.1 ms). The feeds' plans fit everyone.
 */
const statementName = (shape: PageShape) => (shape.byAuthor ? '' : shapeKey(shape));

function preparePage(db: Db, shape: PageShape, name: string) {
  const followed = db
    .select({ id: follows.followingId })
    .from(follows)
    .where(eq(follows.followerId, param.viewerId));
  return postsQuery(db)
    .where(
      and(
        shape.byAuthor ? eq(posts.authorId, param.authorId) : undefined,
        // "Following" is the people one subscribes to, plus oneself.
        shape.following
          ? or(eq(posts.authorId, param.viewerId), inArray(posts.authorId, followed))
          : undefined,
        afterCursorParam(shape.afterCursor, posts.createdAt, posts.id, 'desc'),
        // Nobody in a block with the viewer, either way, nor whom the viewer mutes, nor anyone
        // suspended (API.md), the author's suspension read from the joined row. For one member's
        // posts the relations are asked about that member once, before any post is read: asked
        // of each row, PostgreSQL expected them to leave one post, so it sorted all of the
        // member's posts rather than walking their index (7 ms instead of 0.2 ms at 675).
        shownTo(param.viewerId, shape.byAuthor ? param.authorId : posts.authorId, users),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(writtenIn(shape.rows))
    .prepare(name);
}

const pageStatements = perDatabase(() => new Map<string, ReturnType<typeof preparePage>>());

function pageStatement(db: Db, shape: PageShape) {
  const statements = pageStatements(db);
  const key = shapeKey(shape);
  let statement = statements.get(key);
  if (!statement) {
    statement = preparePage(db, shape, statementName(shape));
    statements.set(key, statement);
  }
  return statement;
}

/** `viewerId` null reads the page as nobody in particular: `likedByMe` is false throughout. */
export async function listPosts(db: Db, viewerId: number | null, query: PostListQuery) {
  const cursor = decodeCursor(query.cursor);
  const shape = {
    following: query.feed === 'following',
    byAuthor: query.authorId !== undefined,
    afterCursor: cursor !== null,
    rows: PAGE_ROWS.find((rows) => rows > query.limit) ?? query.limit + 1,
  };
  const rows = await pageStatement(db, shape).execute({
    viewerId,
    authorId: query.authorId,
    ...cursorValues(cursor),
  });
  return toPage(rows, query.limit, (row) => row.id, presentPost);
}

/**
 * A post by its address: none for a pair where either blocks the other. A muted author's post
 * still opens: muting keeps their posts out of lists, not out of a link the member follows.
 */
const postById = perDatabase((db) =>
  postsQuery(db)
    .where(and(eq(posts.id, param.postId), reachable(param.viewerId, posts.authorId, users)))
    .prepare('posts_by_id'),
);

export async function findPost(db: Db, viewerId: number, postId: number): Promise<Post | null> {
  const [row] = await postById(db).execute({ viewerId, postId });
  return row ? presentPost(row) : null;
}
