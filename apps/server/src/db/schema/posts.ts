import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const posts = pgTable(
  'posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    image: text(),
    video: text(),
    imageAlt: text('image_alt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    // Kept by triggers on likes and comments (migration 0008), so every way a row comes or goes,
    // cascades included, moves them in the same transaction and the feed never counts rows.
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
  },
  (t) => [
    check('posts_likes_count_not_negative', sql`${t.likesCount} >= 0`),
    check('posts_comments_count_not_negative', sql`${t.commentsCount} >= 0`),
    check('posts_image_alt_length', sql`char_length(${t.imageAlt}) <= 1000`),
    // Feed pages walk these backwards, newest (created_at, id) first: cursor pagination by index.
    index('posts_created_idx').on(t.createdAt, t.id),
    index('posts_author_created_idx').on(t.authorId, t.createdAt, t.id),
  ],
);

export const likes = pgTable(
  'likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The primary key makes a like idempotent under any concurrency.
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('likes_user_idx').on(t.userId)],
);

export const comments = pgTable(
  'comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    index('comments_post_created_idx').on(t.postId, t.createdAt, t.id),
    index('comments_user_idx').on(t.userId),
  ],
);

export type PostRow = typeof posts.$inferSelect;

/**
 * Moves after every write that changes which posts a feed holds or what their cards say beyond
 * their counts (a post published, edited or deleted, a subscription, a member renamed or gone),
 * once the write committed. Cached feed pages carry the value they were read under: a request
 * that reads a newer one reads the page again, on whichever process it lands. A sequence, as
 * its value moves outside transactions and at once for every connection.
 */
export const feedVersion = pgSequence('feed_version');
