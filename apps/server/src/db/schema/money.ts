import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One account per member plus the system account that issues credit (DESIGN §7). When a member
 * leaves, the account stays (user_id becomes null) so the other side's history keeps its entries.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    kind: text({ enum: ['member', 'system'] })
      .notNull()
      .default('member'),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
  },
  // The last line of defence: whatever the code does, a member's balance never goes below zero.
  (t) => [
    check('accounts_member_not_negative', sql`${t.kind} = 'system' or ${t.balanceCents} >= 0`),
  ],
);

/** Immutable: a mistake is fixed by a reversing transfer, never by an edit. */
export const transfers = pgTable(
  'transfers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    fromAccountId: integer('from_account_id')
      .notNull()
      .references(() => accounts.id),
    toAccountId: integer('to_account_id')
      .notNull()
      .references(() => accounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    kind: text({ enum: ['welcome', 'transfer', 'closure'] }).notNull(),
    note: text(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What the key was first used for; the same key with other details is a 409. */
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('transfers_idempotency_key').on(t.fromAccountId, t.idempotencyKey),
    check('transfers_positive', sql`${t.amountCents} > 0`),
    check('transfers_two_accounts', sql`${t.fromAccountId} <> ${t.toAccountId}`),
  ],
);

/** Double entry: every transfer writes one negative and one positive entry that sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    transferId: integer('transfer_id')
      .notNull()
      .references(() => transfers.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    balanceAfterCents: bigint('balance_after_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt, t.id),
    index('ledger_entries_transfer_idx').on(t.transferId),
  ],
);
