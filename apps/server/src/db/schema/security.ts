import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A member's authenticator app (RFC 6238). The secret is sealed with a key derived from the
 * server's secret (lib/secret-box.ts); the app counts only once `enabledAt` is set, after the
 * member proved it with a code. `lastStep` is the newest 30-second step a code was accepted for:
 * a code is good once, so neither a replay nor an earlier step's code passes again.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ten per member while the app is on, hashed like passwords; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Between a right password and the second step: single-purpose, short-lived and bound to one
 * member, stored as a SHA-256 hash; `tries` counts the codes tried with it.
 */
export const signInTickets = pgTable(
  'sign_in_tickets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    tries: integer().notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_tickets_user_idx').on(t.userId)],
);

/**
 * A member's WebAuthn credential (a passkey or a security key). `counter` is the authenticator's
 * signature counter, checked to rise at each use where the authenticator keeps one (synced
 * passkeys answer 0 always); `publicKey` is the COSE key the registration answered, and `credentialId` the
 * credential's id, both base64url.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: text().array().notNull().default([]),
    name: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge between its options and the browser's answer: single use, minutes long.
 * A registration's is bound to the member; a sign-in's to nobody until the answer names its
 * credential. Looked up by the challenge the answer signed, so the client carries no other state.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text().primaryKey(),
    purpose: text().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

/**
 * A member's archive of their own data, made by a job: `pending` until the file is stored
 * (`storageKey`), then `ready` until `expiresAt`; `failed` when the job gave up.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().notNull().default('pending'),
    storageKey: text('storage_key'),
    bytes: bigint({ mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt)],
);
