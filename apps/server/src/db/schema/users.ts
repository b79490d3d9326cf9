import { PRIVACY_AUDIENCES } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-cased; the sign-up schema normalises it. */
    email: text().notNull(),
    username: text().notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull().default(''),
    avatar: text(),
    age: integer(),
    bio: text().notNull().default(''),
    isVerified: boolean('is_verified').notNull().default(false),
    /** Made an admin with `npm run admin -- promote`; ADMIN_EMAILS names admins too. */
    promotedAdmin: boolean('promoted_admin').notNull().default(false),
    /** The city the weather widget last showed for this member. */
    weatherCity: text('weather_city'),
    /** Who may message this member and who may send them money (API.md `Privacy`). */
    messagesFrom: text('messages_from', { enum: PRIVACY_AUDIENCES }).notNull().default('everyone'),
    transfersFrom: text('transfers_from', { enum: PRIVACY_AUDIENCES })
      .notNull()
      .default('everyone'),
    /** Set while suspended; with `suspendedUntil` null the suspension lasts until lifted. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The suspension ends by itself at this time: readers compare it with now(). */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** Signed up while registrations needed approval, and not yet approved by an admin. */
    pendingApproval: boolean('pending_approval').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Usernames are unique regardless of case: "Ada" and "ada" are the same person to a reader.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // Search is by prefix of username or full name, case-insensitive (SPEC §5).
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('users_full_name_prefix_idx').on(sql`lower(${t.fullName}) text_pattern_ops`),
    // The Users tab's Pending filter and the sweep of suspensions that ended.
    index('users_pending_idx')
      .on(t.id)
      .where(sql`${t.pendingApproval}`),
    index('users_suspended_idx')
      .on(t.suspendedUntil)
      .where(sql`${t.suspendedAt} is not null`),
    check(
      'users_privacy_audiences',
      sql`${t.messagesFrom} in ('everyone', 'following', 'nobody') and ${t.transfersFrom} in ('everyone', 'following', 'nobody')`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
