import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A member's own leave (SPEC §3 calendar entry of type sick or unpaid); one per member and day. */
export const leaveDays = pgTable(
  'leave_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date({ mode: 'string' }).notNull(),
    type: text({ enum: ['sick', 'unpaid'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.date] }),
    check('leave_days_type', sql`${t.type} in ('sick', 'unpaid')`),
  ],
);

/** Holidays an admin set: the same for everyone (SPEC §4). The admin may leave; the day stays. */
export const holidays = pgTable('holidays', {
  date: date({ mode: 'string' }).primaryKey(),
  setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A member's iCalendar feed: only the SHA-256 of its secret is kept; a new one replaces it. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
