import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const messages = pgTable(
  'messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: integer('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // A chat reads one pair newest first, a page at a time: the unordered pair makes both
    // directions one range, in the page's order, so a page reads its own rows and no others.
    index('messages_pair_time_idx').on(
      sql`least(${t.senderId}, ${t.receiverId})`,
      sql`greatest(${t.senderId}, ${t.receiverId})`,
      t.createdAt,
      t.id,
    ),
    index('messages_receiver_unread_idx')
      .on(t.receiverId, t.senderId)
      .where(sql`${t.readAt} is null`),
    index('messages_sender_idx').on(t.senderId, t.id),
    index('messages_receiver_idx').on(t.receiverId, t.id),
    check('messages_not_self', sql`${t.senderId} <> ${t.receiverId}`),
  ],
);

/**
 * "Delete conversation" hides it for one side only: messages up to `hiddenUpTo` disappear for
 * `userId`; a newer message brings the conversation back.
 */
export const conversationHides = pgTable(
  'conversation_hides',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    peerId: integer('peer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hiddenUpTo: integer('hidden_up_to').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.peerId] })],
);

/**
 * Each member's count of unread messages, kept by statement-level triggers on
 * `messages` (migration 0010) so that a send, a read or a deletion moves it in the same
 * transaction: sending to a member with thousands of unread messages no longer counts them.
 * A member has a row from the first message they receive.
 */
export const inboxes = pgTable(
  'inboxes',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    unread: integer().notNull().default(0),
  },
  (t) => [check('inboxes_unread_not_negative', sql`${t.unread} >= 0`)],
);
