import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who blocks whom. Mutual in effect: each read and write between two members asks whether either
 * blocks the other, so both directions have an index.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
    index('blocks_blocker_created_idx').on(t.blockerId, t.createdAt),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Whom a member mutes: one-way, and the muted member is never told. */
export const mutes = pgTable(
  'mutes',
  {
    muterId: integer('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: integer('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Also keeps the muted member's notifications from the muter. */
    notifications: boolean().notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.muterId, t.mutedId] }),
    index('mutes_muted_idx').on(t.mutedId, t.muterId),
    index('mutes_muter_created_idx').on(t.muterId, t.createdAt),
    check('mutes_not_self', sql`${t.muterId} <> ${t.mutedId}`),
  ],
);
