import { POST_MESSAGES, type Comment } from '@devplay/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageShapes } from '../../db/prepared';
import { memberSummary } from '../../db/member-summary';
import { actAndNotify } from '../../db/notifications';
import { comments, posts, users } from '../../db/schema/index';
import { afterCursorParam, cursorTime, cursorValues, decodeCursor, toPage } from '../../lib/cursor';
import { missingReferenceAs } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';
import type { EventBus } from '../../plugins/events';
import { lockedPost } from './post-lock';

export const commentsQuery = (db: Db) =>
  db
    .select({
      id: comments.id,
      postId: comments.postId,
      userId: comments.userId,
      text: comments.text,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      cursorTime: cursorTime(comments.createdAt),
      author: memberSummary,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .$dynamic();

type CommentRow = Awaited<ReturnType<typeof commentsQuery>>[number];

export const presentComment = ({
  cursorTime: _,
  createdAt,
  editedAt,
  ...row
}: CommentRow): Comment => ({
  ...row,
  createdAt: createdAt.toISOString(),
  editedAt: editedAt?.toISOString() ?? null,
});

async function requirePost(db: Db, postId: number) {
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
  if (!post) throw notFound(POST_MESSAGES.notFound);
}

const param = {
  postId: sql.placeholder('postId'),
  userId: sql.placeholder('userId'),
  text: sql.placeholder('text'),
  rows: sql.placeholder('rows'),
};

/** A thread's page: from its start, or after a cursor. */
const pageStatement = pageShapes((db, afterACursor) =>
  commentsQuery(db)
    .where(
      and(
        eq(comments.postId, param.postId),
        afterCursorParam(afterACursor, comments.createdAt, comments.id, 'asc'),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(param.rows as unknown as number)
    .prepare(afterACursor ? 'comments_page_after_cursor' : 'comments_page'),
);

/**
 * Oldest first, so a thread reads top to bottom. One statement when the page has comments; an
 * empty one asks whether the post exists at all.
 */
export async function listComments(
  db: Db,
  postId: number,
  page: { cursor?: string; limit: number },
) {
  const cursor = decodeCursor(page.cursor);
  const rows = await pageStatement(db, cursor).execute({
    postId,
    rows: page.limit + 1,
    ...cursorValues(cursor),
  });
  if (rows.length === 0) await requirePost(db, postId);
  return toPage(rows, page.limit, (row) => row.id, presentComment);
}

export async function countComments(db: Db, postId: number) {
  const [post] = await db
    .select({ count: posts.commentsCount })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post) throw notFound(POST_MESSAGES.notFound);
  return post;
}

/**
 * The comment and its notification of the post's author in one statement (no transaction: the
 * statement is atomic), the new comment's id read from the insert by the notification.
 */
const addStatement = actAndNotify<{ id: number }>('comments_add', () => {
  const commentId = sql`(select id from added)`;
  return {
    action: [
      lockedPost(param.postId),
      [
        'added',
        sql`insert into ${comments} (post_id, user_id, text)
          select id, ${param.userId}::int, ${param.text}::text from locked_post
          returning id`,
      ],
    ],
    event: {
      type: 'comment',
      actor: param.userId,
      subjectKey: commentId,
      postId: param.postId,
      commentId,
      recipients: sql`select ${posts.authorId} from ${posts} where ${posts.id} = ${param.postId}::int`,
    },
    answer: { columns: { id: sql`id` }, from: sql`added` },
  };
});

/** Adds the comment, then reads it as lists show it. */
export async function addComment(
  db: Db,
  bus: EventBus,
  userId: number,
  postId: number,
  text: string,
) {
  const created = await addStatement(db, bus, { postId, userId, text }).catch(
    missingReferenceAs(() => notFound(POST_MESSAGES.notFound)),
  );
  if (!created) throw notFound(POST_MESSAGES.notFound);
  const [comment] = await commentsQuery(db).where(eq(comments.id, created.id));
  return presentComment(comment!);
}

/** The post a comment is on, read before the comment goes, so its count can be announced. */
export async function postIdOfComment(db: Db, commentId: number) {
  const [row] = await db
    .select({ postId: comments.postId })
    .from(comments)
    .where(eq(comments.id, commentId));
  return row?.postId ?? null;
}
