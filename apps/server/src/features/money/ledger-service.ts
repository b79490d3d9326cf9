import { ERROR_CODES, MONEY_MESSAGES } from '@devplay/shared';
import { and, eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { accounts, ledgerEntries, transfers } from '../../db/schema/index';
import { pgError } from '../../lib/db-errors';
import { retryingCollisions } from '../../lib/db-retry';
import { AppError, conflict, notFound } from '../../lib/errors';
import { runTransferStatement } from './statements';

export type TransferRequest = {
  fromAccountId: number;
  toAccountId: number;
  amountCents: number;
  kind: 'welcome' | 'transfer' | 'closure';
  note: string | null;
  idempotencyKey: string;
};

/** A replay moved nothing: it answers the original transfer, as the sender saw it then. */
export type TransferResult =
  | {
      replayed: false;
      transferId: number;
      createdAt: Date;
      fromBalanceAfter: number;
      toBalanceAfter: number;
    }
  | { replayed: true; transferId: number; createdAt: Date; fromBalanceAfter: number };

const hashOf = (request: TransferRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.toAccountId, request.amountCents, request.kind, request.note]))
    .digest('hex');

const insufficientFunds = () =>
  new AppError(422, ERROR_CODES.insufficientFunds, MONEY_MESSAGES.insufficientFunds, 'amount');

export async function systemAccountId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.kind, 'system'))
    .limit(1);
  if (!row) throw new Error('the system account is missing: migrations did not run');
  return row.id;
}

/** The member's account, opened on first use. */
export async function accountOf(
  db: Db,
  userId: number,
): Promise<{ id: number; balanceCents: number }> {
  await db.insert(accounts).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .select({ id: accounts.id, balanceCents: accounts.balanceCents })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return row!;
}

type Earlier = { id: number; requestHash: string; createdAt: Date; fromBalanceAfter: number };

/** The same key again answers the original transfer; with other details it is a 409. */
function replayOf(earlier: Earlier, request: TransferRequest, hash: string): TransferResult {
  if (earlier.requestHash !== hash)
    throw conflict(MONEY_MESSAGES.keyReused, ERROR_CODES.idempotencyConflict);
  const { id: transferId, createdAt, fromBalanceAfter } = earlier;
  return { replayed: true, transferId, createdAt, fromBalanceAfter };
}

async function findByKey(db: Db, request: TransferRequest): Promise<Earlier | null> {
  const [earlier] = await db
    .select({
      id: transfers.id,
      requestHash: transfers.requestHash,
      createdAt: transfers.createdAt,
      fromBalanceAfter: ledgerEntries.balanceAfterCents,
    })
    .from(transfers)
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.transferId, transfers.id),
        eq(ledgerEntries.accountId, transfers.fromAccountId),
      ),
    )
    .where(
      and(
        eq(transfers.fromAccountId, request.fromAccountId),
        eq(transfers.idempotencyKey, request.idempotencyKey),
      ),
    );
  return earlier ?? null;
}

/**
 * Inside a caller's transaction a failed statement would abort all of it: there each attempt gets
 * a savepoint, so a retry stays possible (closing an account while deleting its member).
 */
const insideTransaction = (db: Db): boolean => db instanceof PgTransaction;

async function attempt(db: Db, request: TransferRequest, hash: string): Promise<TransferResult> {
  const outcome = await runTransferStatement(db, { ...request, requestHash: hash });
  if (outcome.moved) return { replayed: false, ...outcome.moved };
  if (outcome.earlier) return replayOf(outcome.earlier, request, hash);
  if (!outcome.bothAccounts) throw new Error('a transfer needs two existing accounts');
  // Nothing written and no earlier transfer in the statement's snapshot. A request with the same
  // key may have committed since (it held the lock this one waited for): it is the answer, even
  // when it left too little for this one.
  const earlier = await findByKey(db, request);
  if (earlier) return replayOf(earlier, request, hash);
  // The recipient left after their name was looked up.
  if (!outcome.recipientOpen) throw notFound(MONEY_MESSAGES.recipientNotFound);
  if (!outcome.funded) throw insufficientFunds();
  throw new Error('a funded transfer was neither written nor found');
}

/**
 * Moves money in one statement (statements.ts), retried when PostgreSQL gives up on it
 * (serialization failure, deadlock). A replayed key answers the original transfer.
 */
export async function transfer(db: Db, request: TransferRequest): Promise<TransferResult> {
  const hash = hashOf(request);
  try {
    return await retryingCollisions(() =>
      insideTransaction(db)
        ? db.transaction((tx) => attempt(tx, request, hash))
        : attempt(db, request, hash),
    );
  } catch (error) {
    // The CHECK on balances is the last line of defence; reaching it still means too little.
    if (pgError(error)?.constraint === 'accounts_member_not_negative') throw insufficientFunds();
    throw error;
  }
}
