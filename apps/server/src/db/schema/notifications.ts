import { NOTIFICATION_TYPES } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { comments, posts } from './posts';
import { tournamentMatches } from './tournament';
import { users } from './users';

/**
 * A member's notification groups (API.md "Notifications"). `subjectKey` says what a group is
 * about: 0 for follows, else the post, comment, transfer, match, removed or warned-about
 * content, or the resolved report. A grouped type (follow, like, tournament) has one group per
 * recipient and key while unread, which takes every event on it, so a like is one INSERT … ON
 * CONFLICT whatever the group's size; the others are one row each. The post, comment or match a group is about takes it along when
 * deleted; `details` keeps what must outlive its subject.
 * `actorsCount` is kept by a trigger on `notification_actors` (migration 0012), which also drops a
 * group its last actor left.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text({ enum: NOTIFICATION_TYPES }).notNull(),
    subjectKey: integer('subject_key').notNull(),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    matchId: integer('match_id').references(() => tournamentMatches.id, { onDelete: 'cascade' }),
    /**
     * A transfer's `{amountCents, note}`, a moderation's `{targetType, title, text?, action?,
     * note?}`, a report's outcome `{status, action}`.
     */
    details: jsonb(),
    actorsCount: integer('actors_count').notNull().default(0),
    /** The group's latest event. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /**
     * A new value from `notification_changes` on every insert and update (migration 0017): a kept
     * first page is current while the ids and values of its rows are.
     */
    changed: bigint({ mode: 'number' })
      .notNull()
      .default(sql`nextval('notification_changes')`),
  },
  (t) => [
    uniqueIndex('notifications_unread_group_idx')
      .on(t.userId, t.type, t.subjectKey)
      .where(sql`${t.readAt} is null and ${t.type} in ('follow', 'like', 'tournament')`),
    // "Already in a group for that subject, read or unread": a few groups, then the actor's key.
    index('notifications_subject_idx').on(t.userId, t.type, t.subjectKey),
    index('notifications_list_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx')
      .on(t.userId, t.createdAt, t.id)
      .where(sql`${t.readAt} is null`),
    index('notifications_read_idx')
      .on(t.createdAt)
      .where(sql`${t.readAt} is not null`),
    index('notifications_post_idx')
      .on(t.postId)
      .where(sql`${t.postId} is not null`),
    index('notifications_comment_idx')
      .on(t.commentId)
      .where(sql`${t.commentId} is not null`),
    index('notifications_match_idx')
      .on(t.matchId)
      .where(sql`${t.matchId} is not null`),
    check('notifications_actors_not_negative', sql`${t.actorsCount} >= 0`),
  ],
);

/** Who is in a group; a member deleted leaves every group by the cascade. */
export const notificationActors = pgTable(
  'notification_actors',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.actorId] }),
    index('notification_actors_newest_idx').on(t.notificationId, t.createdAt, t.actorId),
    index('notification_actors_actor_idx').on(t.actorId),
  ],
);

/**
 * Each member's count of unread groups, kept by statement-level triggers on `notifications`
 * (migration 0012) as `inboxes` is for messages: /me, the socket and the list read one row.
 * `version` moves when a post, comment, match or actor their groups name changes (migration 0017).
 */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    unread: integer().notNull().default(0),
    version: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [check('notification_counts_unread_not_negative', sql`${t.unread} >= 0`)],
);

/** A member's switches; no row means all on. An off type is not stored. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  follow: boolean().notNull().default(true),
  like: boolean().notNull().default(true),
  comment: boolean().notNull().default(true),
  transfer: boolean().notNull().default(true),
  tournament: boolean().notNull().default(true),
  moderation: boolean().notNull().default(true),
  mention: boolean().notNull().default(true),
  report: boolean().notNull().default(true),
});

/** What stamps `notifications.changed`. */
export const notificationChanges = pgSequence('notification_changes');
