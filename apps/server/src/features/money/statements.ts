import type { UserSummary } from '@devplay/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberSummary } from '../../db/member-summary';
import { columnPlaceholder, columnsOf, prepared } from '../../db/prepared';
import { accounts, users } from '../../db/schema/index';
import { refusalOf, type Refusal } from '../../db/visibility';

export type Parties = {
  recipient: UserSummary;
  toAccountId: number | null;
  fromAccountId: number | null;
  /** Why the recipient does not take money from the sender (`refusalOf`), or null. */
  refusal: Refusal;
  /** The recipient takes money from everyone: only a block or a change of theirs alters that. */
  openToAll: boolean;
};

const senderId = sql.placeholder('senderId');

/**
 * The recipient by username, as a counterparty, with both accounts where they exist, and whether
 * the recipient takes money from the sender.
 */
const partiesQuery = prepared('money_parties', (db) =>
  db
    .select({
      recipient: memberSummary,
      toAccountId: accounts.id,
      fromAccountId: sql<
        number | null
      >`(select id from ${accounts} where user_id = ${senderId}::int)`,
      refusal: refusalOf(users.transfersFrom, users.id, senderId),
      openToAll: sql<boolean>`${users.transfersFrom} = 'everyone'`,
    })
    .from(users)
    .leftJoin(accounts, eq(accounts.userId, users.id))
    .where(sql`lower(${users.username}) = lower(${sql.placeholder('userName')}::text)`),
);

export async function partiesOf(
  db: Db,
  senderId: number,
  userName: string,
): Promise<Parties | null> {
  const [parties] = await partiesQuery(db, { senderId, userName });
  return parties ?? null;
}

export type TransferInput = {
  fromAccountId: number;
  toAccountId: number;
  amountCents: number;
  kind: string;
  note: string | null;
  idempotencyKey: string;
  requestHash: string;
};

// Both drivers hand bigint over as text or number, and timestamps as PostgreSQL's text.
const column = <Value>(name: string) => sql<Value>`${sql.identifier(name)}`;
const OUTCOME = {
  bothAccounts: column<boolean>('bothAccounts'),
  funded: column<boolean>('funded'),
  recipientOpen: column<boolean>('recipientOpen'),
  transferId: column<number | null>('transferId'),
  createdAt: column<string | null>('createdAt'),
  fromBalanceAfter: column<string | number | null>('fromBalanceAfter'),
  toBalanceAfter: column<string | number | null>('toBalanceAfter'),
  earlierId: column<number | null>('earlierId'),
  earlierHash: column<string | null>('earlierHash'),
  earlierCreatedAt: column<string | null>('earlierCreatedAt'),
  earlierBalanceAfter: column<string | number | null>('earlierBalanceAfter'),
};
type Row = { [Key in keyof typeof OUTCOME]: (typeof OUTCOME)[Key]['_']['type'] };

/** `money_transfers`'s arguments, in its order: one array each, a transfer per position. */
const ARGUMENTS: readonly (readonly [keyof TransferInput, string])[] = [
  ['fromAccountId', 'int'],
  ['toAccountId', 'int'],
  ['amountCents', 'bigint'],
  ['kind', 'text'],
  ['note', 'text'],
  ['idempotencyKey', 'text'],
  ['requestHash', 'text'],
];
const ARGUMENT_NAMES = ARGUMENTS.map(([name]) => name);

/**
 * Transfers as one call of `money_transfers` (migration 0009_transfer_batch), which locks every
 * account of the batch, then writes each transfer that may happen, in order. One row per transfer.
 */
const transfersQuery = prepared('money_transfers', (db) =>
  db.select(OUTCOME).from(
    sql`money_transfers(${sql.join(
      ARGUMENTS.map(([name, type]) => columnPlaceholder(name, type)),
      sql`, `,
    )})`,
  ),
);

function outcomeOf(row: Row) {
  return {
    bothAccounts: row.bothAccounts,
    funded: row.funded,
    recipientOpen: row.recipientOpen,
    moved:
      row.transferId === null
        ? null
        : {
            transferId: row.transferId,
            createdAt: new Date(row.createdAt!),
            fromBalanceAfter: Number(row.fromBalanceAfter),
            toBalanceAfter: Number(row.toBalanceAfter),
          },
    earlier:
      row.earlierId === null
        ? null
        : {
            id: row.earlierId,
            requestHash: row.earlierHash!,
            createdAt: new Date(row.earlierCreatedAt!),
            fromBalanceAfter: Number(row.earlierBalanceAfter),
          },
  };
}

export type TransferOutcome = ReturnType<typeof outcomeOf>;

/** What became of each transfer of `batch`, in its order. */
export async function runTransfers(db: Db, batch: TransferInput[]): Promise<TransferOutcome[]> {
  const rows = await transfersQuery(db, columnsOf(batch, ARGUMENT_NAMES));
  if (rows.length !== batch.length) throw new Error('money_transfers answered the wrong row count');
  return rows.map(outcomeOf);
}
