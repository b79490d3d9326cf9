import { centsToEuros } from '@devplay/shared';
import { and, asc, eq, gt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  accounts,
  follows,
  ledgerEntries,
  messages,
  transfers,
  users,
} from '../../db/schema/index';
import { pagesOf } from './json-parts';

// What passed between the member and others. Of the others, only their usernames go in: their
// names, addresses and pictures are theirs to export, not this member's.

/** follows.json's two lists: whom the member follows, and who follows them. */
export function followsOf(db: Db, userId: number) {
  type Side = typeof follows.followerId | typeof follows.followingId;
  const side = (mine: Side, theirs: Side) =>
    pagesOf(
      (after, size) =>
        db
          .select({ id: users.id, username: users.username, since: follows.createdAt })
          .from(follows)
          .innerJoin(users, eq(users.id, theirs))
          .where(and(eq(mine, userId), gt(theirs, after)))
          .orderBy(asc(theirs))
          .limit(size),
      (row) => row.id,
    );
  const present = async function* (pages: ReturnType<typeof side>) {
    for await (const page of pages) yield page.map(({ username, since }) => ({ username, since }));
  };
  return {
    following: present(side(follows.followerId, follows.followingId)),
    followers: present(side(follows.followingId, follows.followerId)),
  };
}

const peer = alias(users, 'peer');

/** messages.json: every message the member sent or received, oldest first. */
export async function* messagesOf(db: Db, userId: number) {
  const pages = pagesOf(
    (after, size) =>
      db
        .select({
          id: messages.id,
          senderId: messages.senderId,
          with: peer.username,
          text: messages.text,
          sentAt: messages.createdAt,
          readAt: messages.readAt,
        })
        .from(messages)
        .innerJoin(
          peer,
          sql`${peer.id} = case when ${messages.senderId} = ${userId} then ${messages.receiverId} else ${messages.senderId} end`,
        )
        .where(
          and(
            or(eq(messages.senderId, userId), eq(messages.receiverId, userId)),
            gt(messages.id, after),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(size),
    (row) => row.id,
  );
  for await (const page of pages) {
    yield page.map(({ id, senderId, ...message }) => ({
      id,
      direction: senderId === userId ? 'sent' : 'received',
      ...message,
    }));
  }
}

const mine = alias(accounts, 'mine');
const otherEntry = alias(ledgerEntries, 'other_entry');
const otherAccount = alias(accounts, 'other_account');

/**
 * transactions.json: the member's side of every transfer, oldest first; the counterpart is null
 * for the system's credits and for a member who left.
 */
export async function* transactionsOf(db: Db, userId: number) {
  const pages = pagesOf(
    (after, size) =>
      db
        .select({
          entryId: ledgerEntries.id,
          id: transfers.id,
          amountCents: ledgerEntries.amountCents,
          balanceAfterCents: ledgerEntries.balanceAfterCents,
          kind: transfers.kind,
          note: transfers.note,
          counterpart: users.username,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(mine, and(eq(mine.id, ledgerEntries.accountId), eq(mine.userId, userId)))
        .innerJoin(transfers, eq(transfers.id, ledgerEntries.transferId))
        .innerJoin(
          otherEntry,
          and(
            eq(otherEntry.transferId, ledgerEntries.transferId),
            ne(otherEntry.id, ledgerEntries.id),
          ),
        )
        .innerJoin(otherAccount, eq(otherAccount.id, otherEntry.accountId))
        .leftJoin(users, eq(users.id, otherAccount.userId))
        .where(gt(ledgerEntries.id, after))
        .orderBy(asc(ledgerEntries.id))
        .limit(size),
    (row) => row.entryId,
  );
  for await (const page of pages) {
    yield page.map((row) => ({
      id: row.id,
      direction: row.amountCents < 0 ? 'out' : 'in',
      amount: centsToEuros(Math.abs(row.amountCents)),
      balanceAfter: centsToEuros(row.balanceAfterCents),
      kind: row.kind,
      note: row.note,
      counterpart: row.counterpart,
      createdAt: row.createdAt,
    }));
  }
}
