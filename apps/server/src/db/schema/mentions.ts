import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { comments, posts } from './posts';
import { users } from './users';

/**
 * Whom an item (a post's description, or one comment when `commentId` is set) has notified of
 * a mention, so an edit that saves the same `@name` again notifies nobody twice.
 */
export const mentions = pgTable(
  'mentions',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mentions_post_idx')
      .on(t.postId, t.userId)
      .where(sql`${t.commentId} is null`),
    uniqueIndex('mentions_comment_idx')
      .on(t.commentId, t.userId)
      .where(sql`${t.commentId} is not null`),
    index('mentions_user_idx').on(t.userId),
  ],
);
