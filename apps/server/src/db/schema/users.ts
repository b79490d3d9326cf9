import { sql } from 'drizzle-orm';
import {
  boolean,
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Usernames are unique regardless of case: "Ada" and "ada" are the same person to a reader.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // Search is by prefix of username or full name, case-insensitive (SPEC §5).
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('users_full_name_prefix_idx').on(sql`lower(${t.fullName}) text_pattern_ops`),
  ],
);

export type UserRow = typeof users.$inferSelect;
