import { centsToEuros, type Transaction } from '@devplay/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { pageShapes } from '../../db/prepared';
import { accounts, ledgerEntries, transfers, users } from '../../db/schema/index';
import { afterCursorParam, cursorTime, cursorValues, decodeCursor, toPage } from '../../lib/cursor';
import { accountOf } from './ledger-service';

const mine = alias(accounts, 'mine');
const other = alias(ledgerEntries, 'other');
const otherAccount = alias(accounts, 'other_account');

const param = {
  userId: sql.placeholder('userId'),
  rows: sql.placeholder('rows'),
};

/**
 * One member's side of transfers, newest first: their account found by member (so it and its
 * balance come with the page, not from statements of their own), then only the page's entries,
 * read backwards along ledger_entries_account_idx in a lateral subquery, and for those the
 * transfer and who was on the other side. Joined before the limit, the member's every entry was
 * joined and sorted (EXPLAIN ANALYZE, 100 entries: 796 buffers, 1.3 ms; this way 216, 0.6 ms,
 * whatever the member's entries count). Prepared once per database for each of its two shapes
 * (first page, after a cursor).
 */
function prepareHistory(db: Db, afterACursor: boolean) {
  const entry = db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.accountId, mine.id),
        afterCursorParam(afterACursor, ledgerEntries.createdAt, ledgerEntries.id, 'desc'),
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(param.rows)
    .as('entry');
  return db
    .select({
      balanceCents: mine.balanceCents,
      entryId: entry.id,
      id: transfers.id,
      amountCents: entry.amountCents,
      balanceAfterCents: entry.balanceAfterCents,
      createdAt: entry.createdAt,
      cursorTime: cursorTime(entry.createdAt),
      kind: transfers.kind,
      note: transfers.note,
      counterpartyId: users.id,
      counterpartyUsername: users.username,
      counterpartyFullName: users.fullName,
      counterpartyAvatar: users.avatar,
    })
    .from(mine)
    .innerJoinLateral(entry, sql`true`)
    .innerJoin(transfers, eq(transfers.id, entry.transferId))
    .innerJoin(other, and(eq(other.transferId, entry.transferId), ne(other.id, entry.id)))
    .innerJoin(otherAccount, eq(otherAccount.id, other.accountId))
    .leftJoin(users, eq(users.id, otherAccount.userId))
    .where(eq(mine.userId, param.userId))
    .orderBy(desc(entry.createdAt), desc(entry.id))
    .prepare(afterACursor ? 'money_history_after_cursor' : 'money_history');
}

const historyStatement = pageShapes(prepareHistory);

type HistoryRow = Awaited<ReturnType<ReturnType<typeof prepareHistory>['execute']>>[number];

function presentTransaction(row: HistoryRow): Transaction {
  return {
    id: row.id,
    amount: centsToEuros(Math.abs(row.amountCents)),
    direction: row.amountCents < 0 ? 'out' : 'in',
    kind: row.kind,
    // A member who left shows as 'Unknown user' (SPEC §3); the system account has no person.
    counterparty:
      row.counterpartyId === null
        ? null
        : {
            id: row.counterpartyId,
            username: row.counterpartyUsername!,
            fullName: row.counterpartyFullName!,
            avatar: row.counterpartyAvatar,
          },
    trDate: row.createdAt.toISOString(),
    note: row.note,
    balanceAfter: centsToEuros(row.balanceAfterCents),
  };
}

/** The member's balance and a page of their transfers: one statement unless the page is empty. */
export async function history(db: Db, userId: number, page: { cursor?: string; limit: number }) {
  const cursor = decodeCursor(page.cursor);
  const rows = await historyStatement(db, cursor).execute({
    userId,
    rows: page.limit + 1,
    ...cursorValues(cursor),
  });
  // No row says nothing of the balance: past the last page, or no transfer yet (the account then
  // opens here, on first use, as before).
  const balanceCents = rows[0]?.balanceCents ?? (await accountOf(db, userId)).balanceCents;
  return {
    ...toPage(rows, page.limit, (row) => row.entryId, presentTransaction),
    balance: centsToEuros(balanceCents),
  };
}
