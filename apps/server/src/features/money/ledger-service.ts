import { ERROR_CODES, MONEY_MESSAGES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { batchedByTurn } from '../../db/batched';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema/index';
import { pgError } from '../../lib/db-errors';
import { retryingCollisions } from '../../lib/db-retry';
import { AppError, conflict, notFound } from '../../lib/errors';
import { runTransfers, type TransferInput, type TransferOutcome } from './statements';

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

/**
 * Inside a caller's transaction a failed statement would abort all of it: there each attempt gets
 * a savepoint, so a retry stays possible (closing an account while deleting its member).
 */
const insideTransaction = (db: Db): boolean => db instanceof PgTransaction;

/**
 * Transfers outside a caller's transaction share a call with those that arrive with them, one
 * call at a time: two batches in flight would mostly wait on each other's locks anyway, and what
 * gathers meanwhile makes the next batch larger (bench, PostgreSQL, transfers/s: a batch per turn
 * 1,171–1,213, two in flight 1,104–1,186, one 1,244–1,587). A batch holds its accounts' locks
 * until it commits: at most 50 keep that to a few milliseconds.
 */
const queuedTransfer = batchedByTurn(runTransfers, { maxBatch: 50, maxInFlight: 1 });

async function attempt(db: Db, input: TransferInput): Promise<TransferOutcome> {
  if (!insideTransaction(db)) return queuedTransfer(db, input);
  const [outcome] = await db.transaction((tx) => runTransfers(tx, [input]));
  return outcome!;
}

function settle(outcome: TransferOutcome, request: TransferRequest, hash: string): TransferResult {
  if (outcome.moved) return { replayed: false, ...outcome.moved };
  if (outcome.earlier) return replayOf(outcome.earlier, request, hash);
  if (!outcome.bothAccounts) throw new Error('a transfer needs two existing accounts');
  // The recipient left after their name was looked up.
  if (!outcome.recipientOpen) throw notFound(MONEY_MESSAGES.recipientNotFound);
  if (!outcome.funded) throw insufficientFunds();
  throw new Error('a funded transfer was neither written nor found');
}

/**
 * Moves money by one call (statements.ts), retried when PostgreSQL gives up on it (serialization
 * failure, deadlock). A replayed key answers the original transfer.
 */
export async function transfer(db: Db, request: TransferRequest): Promise<TransferResult> {
  const hash = hashOf(request);
  try {
    const outcome = await retryingCollisions(() => attempt(db, { ...request, requestHash: hash }));
    return settle(outcome, request, hash);
  } catch (error) {
    // The CHECK on balances is the last line of defence; reaching it still means too little.
    if (pgError(error)?.constraint === 'accounts_member_not_negative') throw insufficientFunds();
    throw error;
  }
}
