import {
  centsToEuros,
  ERROR_CODES,
  MONEY_MESSAGES,
  SAFETY_MESSAGES,
  type sendMoneyInputSchema,
  type Transaction,
} from '@devplay/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, blockedPair, forbidden, notFound } from '../../lib/errors';
import type { EventBus } from '../../plugins/events';
import { announceSubject } from '../../plugins/notification-changes';
import { accountOf, systemAccountId, transfer } from './ledger-service';
import type { FindParties } from './parties-cache';
import { partiesOf } from './statements';

function announceBalance(bus: EventBus, userId: number, balanceCents: number) {
  return bus.publish([userId], {
    type: 'balance:changed',
    data: { balance: centsToEuros(balanceCents) },
  });
}

export async function sendMoney(
  db: Db,
  bus: EventBus,
  senderId: number,
  input: z.output<typeof sendMoneyInputSchema>,
  findParties: FindParties = (sender, userName) => partiesOf(db, sender, userName),
) {
  const parties = await findParties(senderId, input.userName);
  if (!parties) throw notFound(MONEY_MESSAGES.recipientNotFound);
  const { recipient } = parties;
  if (recipient.id === senderId) throw badRequest(MONEY_MESSAGES.toSelf, undefined, 'userName');
  if (parties.refusal)
    throw parties.refusal === 'blocked'
      ? blockedPair()
      : forbidden(SAFETY_MESSAGES.transfersClosed, ERROR_CODES.transfersClosed);
  const note = input.note || null;
  const result = await transfer(db, {
    // Accounts open on first use: rarely, one side has none yet.
    fromAccountId: parties.fromAccountId ?? (await accountOf(db, senderId)).id,
    toAccountId: parties.toAccountId ?? (await accountOf(db, recipient.id)).id,
    amountCents: input.amount,
    kind: 'transfer',
    note,
    idempotencyKey: input.idempotencyKey,
  });
  if (!result.replayed) {
    void announceBalance(bus, senderId, result.fromBalanceAfter);
    void announceBalance(bus, recipient.id, result.toBalanceAfter);
    void announceSubject(bus, recipient.id, { type: 'transfer', subjectKey: result.transferId });
  }
  // A replay's key matched the same recipient, amount and note: only the id, date and balance
  // are the original's own.
  const transaction: Transaction = {
    id: result.transferId,
    amount: centsToEuros(input.amount),
    direction: 'out',
    kind: 'transfer',
    counterparty: recipient,
    trDate: result.createdAt.toISOString(),
    note,
    balanceAfter: centsToEuros(result.fromBalanceAfter),
  };
  return { transaction, replayed: result.replayed };
}

/** New members start with credit from the system account, once. */
export async function grantWelcomeCredit(
  db: Db,
  bus: EventBus,
  userId: number,
  amountCents: number,
) {
  if (amountCents <= 0) return;
  const account = await accountOf(db, userId);
  const result = await transfer(db, {
    fromAccountId: await systemAccountId(db),
    toAccountId: account.id,
    amountCents,
    kind: 'welcome',
    note: 'Welcome to DevPlay!',
    idempotencyKey: `welcome:${account.id}`,
  });
  if (!result.replayed) await announceBalance(bus, userId, result.toBalanceAfter);
}

/** Before a member leaves, their balance goes back to the system account by a transfer. */
export async function closeAccount(db: Db, userId: number) {
  const account = await accountOf(db, userId);
  if (account.balanceCents <= 0) return;
  await transfer(db, {
    fromAccountId: account.id,
    toAccountId: await systemAccountId(db),
    amountCents: account.balanceCents,
    kind: 'closure',
    note: 'Account closed',
    idempotencyKey: `closure:${account.id}`,
  });
}
