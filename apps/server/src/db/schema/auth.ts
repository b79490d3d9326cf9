import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** One live code per user and purpose; a new code replaces the old one. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['verify', 'reset'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('email_codes_user_purpose_key').on(t.userId, t.purpose)],
);

/**
 * Refresh tokens are stored as SHA-256 hashes. Every use rotates the token inside its family;
 * replaying a used one after the grace period revokes the family (DESIGN §4).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * A signed-in browser: one per refresh-token family, from the sign-in until it is revoked or
 * expires. The browser and address are the latest refresh's, for the member's list of devices.
 */
export const sessions = pgTable(
  'sessions',
  {
    familyId: uuid('family_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull(),
    ip: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.lastSeenAt)],
);

/**
 * The browsers (name and system, not versions) a member signed in with, and when last: a sign-in
 * from one not seen for 90 days is mailed to the member.
 */
export const knownBrowsers = pgTable(
  'known_browsers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    browser: text().notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sign-in before the last one, which the alert compares with; null after the first. */
    previousSeenAt: timestamp('previous_seen_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.browser] })],
);

/**
 * Per-account attempt counters (sign-in failures, code guesses, codes mailed, password checks),
 * keyed by a hash of the action and the e-mail or member, so limits hold whatever address the
 * attempts come from, and unknown e-mails count exactly like known ones.
 */
export const attemptCounters = pgTable('attempt_counters', {
  key: text().primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  count: integer().notNull().default(0),
});

export type EmailCodePurpose = (typeof emailCodes.$inferSelect)['purpose'];
