import { POST_MESSAGES, type Comment } from '@devplay/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pageShapes } from '../../db/prepared';
import { memberSummary, memberSummaryJson } from '../../db/member-summary';
import { actAndNotify } from '../../db/notifications';
import { reachable, shownTo } from '../../db/visibility';
import { comments, posts, users } from '../../db/schema/index';
import { afterCursorParam, cursorTime, cursorValues, decodeCursor, toPage } from '../../lib/cursor';
import { missingReferenceAs } from '../../lib/db-errors';
import { blockedPair, notFound } from '../../lib/errors';
import type { EventBus } from '../../plugins/events';
import { feedChanged } from '../../plugins/feed-changes';
import { announce } from '../../plugins/notification-changes';
import { mentionAct, namesParam } from './mention-service';
import { lockedPost } from './post-lock';

/** A comment's own columns, as every answer shows them beside its author. */
const commentFields = {
  id: comments.id,
  postId: comments.postId,
  userId: comments.userId,
  text: comments.text,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
};

export const commentsQuery = (db: Db) =>
  db
    .select({ ...commentFields, cursorTime: cursorTime(comments.createdAt), author: memberSummary })
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

const param = {
  viewerId: sql.placeholder('viewerId'),
  postId: sql.placeholder('postId'),
  userId: sql.placeholder('userId'),
  text: sql.placeholder('text'),
  names: sql.placeholder('names'),
  rows: sql.placeholder('rows'),
};

/**
 * A thread's page, from its start or after a cursor, read beside the post: no row means no post
 * (a 404), one row without a comment is a post without (more) comments. One round trip either way.
 * The viewer reads neither the post of a member in a block with them (either way) nor the
 * comments of one, nor those of a member they mute.
 */
const pageStatement = pageShapes((db, afterACursor) => {
  const page = db
    .select({ ...commentFields, cursorTime: cursorTime(comments.createdAt).as('cursor_time') })
    .from(comments)
    .where(
      and(
        eq(comments.postId, posts.id),
        afterCursorParam(afterACursor, comments.createdAt, comments.id, 'asc'),
        shownTo(param.viewerId, comments.userId),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(param.rows as unknown as number)
    .as('page');
  // The page's columns under the subquery's name, by the same keys.
  const onPage = Object.fromEntries(
    Object.keys(commentFields).map((key) => [key, page[key as keyof typeof commentFields]]),
  ) as { [Key in keyof typeof commentFields]: (typeof page)[Key] };
  return db
    .select({ ...onPage, cursorTime: page.cursorTime, author: memberSummary })
    .from(posts)
    .leftJoinLateral(page, sql`true`)
    .leftJoin(users, eq(users.id, page.userId))
    .where(and(eq(posts.id, param.postId), reachable(param.viewerId, posts.authorId)))
    .orderBy(asc(page.createdAt), asc(page.id))
    .prepare(afterACursor ? 'comments_page_after_cursor' : 'comments_page');
});

/** Oldest first, so a thread reads top to bottom. */
export async function listComments(
  db: Db,
  viewerId: number,
  postId: number,
  page: { cursor?: string; limit: number },
) {
  const cursor = decodeCursor(page.cursor);
  const rows = await pageStatement(db, cursor).execute({
    viewerId,
    postId,
    rows: page.limit + 1,
    ...cursorValues(cursor),
  });
  if (rows.length === 0) throw notFound(POST_MESSAGES.notFound);
  const found = rows.filter((row): row is CommentRow => row.id !== null);
  return toPage(found, page.limit, (row) => row.id, presentComment);
}

/**
 * The post's count as every card shows it: all its comments, those hidden from this viewer
 * included (the count is kept on the post, one for all readers). A post of a member in a block
 * with the viewer is not found.
 */
export async function countComments(db: Db, viewerId: number, postId: number) {
  const [post] = await db
    .select({ count: posts.commentsCount })
    .from(posts)
    .where(and(eq(posts.id, postId), reachable(viewerId, posts.authorId)));
  if (!post) throw notFound(POST_MESSAGES.notFound);
  return post;
}

type Added = Pick<Comment, 'id' | 'createdAt' | 'author'> & { blocked: boolean };

/**
 * The comment, its notification of the post's author and the comment as lists show it, in one
 * statement (no transaction: the statement is atomic), the new comment's id read from the insert
 * by the notification. Between members who block one another nothing is added, and the answer
 * says so (`blocked`, no comment). A comment that names members records and tells them in the
 * same statement (`mentionAct`), prepared apart so that one naming nobody pays nothing for it.
 */
const addAct = (mentioning: boolean) => () => {
  const commentId = sql`(select id from added)`;
  const comment = {
    action: [
      lockedPost(param.postId, param.userId),
      [
        'added',
        sql`insert into ${comments} (post_id, user_id, text)
          select id, ${param.userId}::int, ${param.text}::text from locked_post
          where not locked_post.blocked
          returning id, created_at`,
      ] as const,
    ],
    event: {
      type: 'comment' as const,
      actor: param.userId,
      subjectKey: commentId,
      postId: param.postId,
      commentId,
      recipients: sql`select ${posts.authorId} from ${posts} join added on true where ${posts.id} = ${param.postId}::int`,
    },
    answer: {
      columns: {
        id: sql`added.id`,
        // As Date.toISOString() writes it, which the lists' answers use.
        createdAt: sql`to_char(added.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
        author: memberSummaryJson('commenter'),
        blocked: sql`locked_post.blocked`,
      },
      from: sql`locked_post left join added on true
        left join ${users} commenter on commenter.id = ${param.userId}::int`,
    },
  };
  if (!mentioning) return comment;
  const mention = mentionAct({
    authorId: param.userId,
    postId: param.postId,
    commentId,
    names: param.names,
    when: sql`exists (select 1 from added)`,
    // One row for one comment: the author's `comment` notification carries its text already.
    quiet: sql`select ${posts.authorId} from ${posts} where ${posts.id} = ${param.postId}::int`,
  });
  return {
    ...comment,
    action: [...comment.action, ...mention.action],
    event: [comment.event, mention.event],
  };
};

const addStatement = actAndNotify<Added>('comments_add', addAct(false));
const addMentioningStatement = actAndNotify<Added>('comments_add_mentioning', addAct(true));

export async function addComment(
  db: Db,
  bus: EventBus,
  userId: number,
  postId: number,
  text: string,
) {
  const names = namesParam(text);
  const values = { postId, userId, text, names };
  const { changes, answer: created } = await (
    names ? addMentioningStatement(db, values) : addStatement(db, values)
  ).catch(missingReferenceAs(() => notFound(POST_MESSAGES.notFound)));
  announce(bus, changes);
  if (!created) throw notFound(POST_MESSAGES.notFound);
  const { blocked, ...comment } = created;
  if (blocked) throw blockedPair();
  await feedChanged(db, bus, { counted: postId, actorId: userId });
  return { ...comment, postId, userId, text, editedAt: null } satisfies Comment;
}
