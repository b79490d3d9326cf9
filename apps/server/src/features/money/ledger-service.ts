import { ERROR_CODES, MONEY_MESSAGES } from '@devplay/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { accounts, ledgerEntries, transfers } from '../../db/schema/index';
import { pgError, violatedUniqueConstraint } from '../../lib/db-errors';
import { AppError, conflict } from '../../lib/errors';

export type TransferRequest = {
  fromAccountId: number;
  toAccountId: number;
  amountCents: number;
  kind: 'welcome' | 'transfer' | 'closure';
  note: string | null;
  idempotencyKey: string;
};

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock
const MAX_ATTEMPTS = 5;

const hashOf = (request: TransferRequest) =>
  createHash('sha256')
    .update(JSON.stringify([request.toAccountId, request.amountCents, request.kind, request.note]))
    .digest('hex');

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

async function findByKey(db: Db, request: TransferRequest) {
  const [existing] = await db
    .select()
    .from(transfers)
    .where(
      and(
        eq(transfers.fromAccountId, request.fromAccountId),
        eq(transfers.idempotencyKey, request.idempotencyKey),
      ),
    );
  if (existing && existing.requestHash !== hashOf(request)) {
    throw conflict(MONEY_MESSAGES.keyReused, ERROR_CODES.idempotencyConflict);
  }
  return existing ?? null;
}

/**
 * Moves money in one database transaction: both accounts locked in id order (so two opposite
 * transfers cannot deadlock), the sender's balance checked under the lock, balances and the two
 * entries written together. A replayed key answers the original transfer.
 */
export type TransferResult =
  | { transferId: number; replayed: true }
  | { transferId: number; replayed: false; balancesAfter: Map<number, number> };

export async function transfer(db: Db, request: TransferRequest): Promise<TransferResult> {
  const earlier = await findByKey(db, request);
  if (earlier) return { transferId: earlier.id, replayed: true as const };

  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const locked = await tx
          .select({ id: accounts.id, kind: accounts.kind, balanceCents: accounts.balanceCents })
          .from(accounts)
          .where(inArray(accounts.id, [request.fromAccountId, request.toAccountId]))
          .orderBy(accounts.id)
          .for('update');
        const from = locked.find((a) => a.id === request.fromAccountId)!;
        if (from.kind !== 'system' && from.balanceCents < request.amountCents) {
          throw new AppError(
            422,
            ERROR_CODES.insufficientFunds,
            MONEY_MESSAGES.insufficientFunds,
            'amount',
          );
        }
        const [created] = await tx
          .insert(transfers)
          .values({ ...request, requestHash: hashOf(request) })
          .returning({ id: transfers.id });
        const balancesAfter = new Map<number, number>();
        const move = async (accountId: number, delta: number) => {
          const [after] = await tx
            .update(accounts)
            .set({ balanceCents: sql`${accounts.balanceCents} + ${delta}` })
            .where(eq(accounts.id, accountId))
            .returning({ balanceCents: accounts.balanceCents });
          balancesAfter.set(accountId, after!.balanceCents);
          await tx.insert(ledgerEntries).values({
            transferId: created!.id,
            accountId,
            amountCents: delta,
            balanceAfterCents: after!.balanceCents,
          });
        };
        await move(request.fromAccountId, -request.amountCents);
        await move(request.toAccountId, request.amountCents);
        return { transferId: created!.id, replayed: false as const, balancesAfter };
      });
    } catch (error) {
      // The same key sent twice at once: the unique key let one in; answer like a replay.
      if (violatedUniqueConstraint(error) === 'transfers_idempotency_key') {
        const winner = await findByKey(db, request);
        if (winner) return { transferId: winner.id, replayed: true as const };
      }
      const code = pgError(error)?.code;
      if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
