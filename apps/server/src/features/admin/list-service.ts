import {
  centsToEuros,
  type AdminComment,
  type AdminPost,
  type AdminUser,
  type MemberStatus,
  type UserSummary,
} from '@devplay/shared';
import { and, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberStatus, memberStatusIs, suspensionRuns } from '../../db/member-status';
import { memberSummary } from '../../db/member-summary';
import { anyColumnLike } from '../../db/text-search';
import { accounts, comments, posts, users, type UserRow } from '../../db/schema/index';
import { afterCursor, cursorTime, decodeCursor, toPage } from '../../lib/cursor';

export type AdminPage = { cursor?: string; limit: number; search?: string };

/** Any of the columns containing the text, whatever its case; no text, no condition. */
const containing = (search: string | undefined, ...columns: AnyColumn[]) =>
  search ? anyColumnLike(columns, search, 'anywhere') : undefined;

/** Members, newest first, with what an admin needs to judge them; `status` keeps those in it. */
export async function listUsers(
  db: Db,
  page: AdminPage & { status?: MemberStatus },
  isAdmin: (user: Pick<UserRow, 'email' | 'isVerified' | 'promotedAdmin'>) => boolean,
): Promise<{ items: AdminUser[]; nextCursor: string | null }> {
  const cursor = decodeCursor(page.cursor);
  const rows = await db
    .select({
      ...memberSummary,
      email: users.email,
      isVerified: users.isVerified,
      promotedAdmin: users.promotedAdmin,
      createdAt: users.createdAt,
      cursorTime: cursorTime(users.createdAt),
      postsCount: sql<number>`(select count(*)::int from ${posts} where ${posts.authorId} = ${users.id})`,
      balanceCents: accounts.balanceCents,
      status: memberStatus,
      // Through the column's own decoder: a bare `sql` value comes back as the driver's text.
      suspendedUntil: sql`case when ${suspensionRuns} then ${users.suspendedUntil} end`.mapWith(
        users.suspendedUntil,
      ),
    })
    .from(users)
    // A join, so that the subquery's `users.id` is written with its table (one-table selects
    // leave it out, and `id` would then be the posts' own).
    .leftJoin(accounts, eq(accounts.userId, users.id))
    .where(
      and(
        containing(page.search, users.username, users.fullName, users.email),
        page.status ? memberStatusIs(page.status) : undefined,
        afterCursor(users.createdAt, users.id, cursor, 'desc'),
      ),
    )
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.limit + 1);
  return toPage(
    rows,
    page.limit,
    (row) => row.id,
    (row) => ({
      id: row.id,
      username: row.username,
      fullName: row.fullName,
      avatar: row.avatar,
      email: row.email,
      isVerified: row.isVerified,
      isAdmin: isAdmin(row),
      createdAt: row.createdAt.toISOString(),
      posts_count: row.postsCount,
      balance: centsToEuros(row.balanceCents ?? 0),
      status: row.status,
      suspendedUntil: row.suspendedUntil?.toISOString() ?? null,
    }),
  );
}

/** Posts, newest first, searched by title or author. */
export async function listPosts(
  db: Db,
  page: AdminPage,
): Promise<{ items: AdminPost[]; nextCursor: string | null }> {
  const cursor = decodeCursor(page.cursor);
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      createdAt: posts.createdAt,
      cursorTime: cursorTime(posts.createdAt),
      author: memberSummary,
      likesCount: posts.likesCount,
      commentsCount: posts.commentsCount,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(
      and(
        containing(page.search, posts.title, users.username),
        afterCursor(posts.createdAt, posts.id, cursor, 'desc'),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(page.limit + 1);
  return toPage(
    rows,
    page.limit,
    (row) => row.id,
    (row) => ({
      id: row.id,
      title: row.title,
      createdAt: row.createdAt.toISOString(),
      author: row.author satisfies UserSummary,
      likesCount: row.likesCount,
      commentsCount: row.commentsCount,
    }),
  );
}

/** Comments, newest first, searched by text, author or the post's title. */
export async function listComments(
  db: Db,
  page: AdminPage,
): Promise<{ items: AdminComment[]; nextCursor: string | null }> {
  const cursor = decodeCursor(page.cursor);
  const rows = await db
    .select({
      id: comments.id,
      text: comments.text,
      createdAt: comments.createdAt,
      cursorTime: cursorTime(comments.createdAt),
      author: memberSummary,
      postId: posts.id,
      postTitle: posts.title,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(
      and(
        containing(page.search, comments.text, users.username, posts.title),
        afterCursor(comments.createdAt, comments.id, cursor, 'desc'),
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(page.limit + 1);
  return toPage(
    rows,
    page.limit,
    (row) => row.id,
    (row) => ({
      id: row.id,
      text: row.text,
      createdAt: row.createdAt.toISOString(),
      author: row.author,
      postId: row.postId,
      postTitle: row.postTitle,
    }),
  );
}
