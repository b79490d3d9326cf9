import type { UserSummary } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { accounts, ledgerEntries, transfers, users } from '../../db/schema/index';

export type Parties = {
  recipient: UserSummary;
  toAccountId: number | null;
  fromAccountId: number | null;
};

/** The recipient by username, as a counterparty, with both accounts where they exist. */
const partiesQuery = prepared<{ senderId: number; userName: string }, Parties>(
  'money_parties',
  sql`
    select json_build_object('id', u.id, 'username', u.username, 'fullName', u.full_name,
                             'avatar', u.avatar) as recipient,
           recipient_account.id as "toAccountId",
           (select id from ${accounts} where user_id = ${sql.placeholder('senderId')}::int)
             as "fromAccountId"
    from ${users} u
    left join ${accounts} recipient_account on recipient_account.user_id = u.id
    where lower(u.username) = lower(${sql.placeholder('userName')}::text)`,
);

export async function partiesOf(db: Db, senderId: number, userName: string) {
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
type Row = {
  bothAccounts: boolean;
  funded: boolean;
  recipientOpen: boolean;
  transferId: number | null;
  createdAt: string | null;
  fromBalanceAfter: string | number | null;
  toBalanceAfter: string | number | null;
  earlierId: number | null;
  earlierHash: string | null;
  earlierCreatedAt: string | null;
  earlierBalanceAfter: string | number | null;
};

const param = (name: keyof TransferInput, type: string) =>
  sql`${sql.placeholder(name)}::${sql.raw(type)}`;
const from = param('fromAccountId', 'int');
const to = param('toAccountId', 'int');
const amount = param('amountCents', 'bigint');

/**
 * A transfer as one statement (issue 14), so a request pays one round trip and PostgreSQL keeps
 * one plan per connection:
 * - `earlier`: the transfer this key already made, if the statement's snapshot holds one; then
 *   nothing else happens.
 * - `locked`: both accounts locked in id order before anything is written, so two opposite
 *   transfers queue one behind the other instead of deadlocking. `gate` reads every locked row,
 *   so both locks are held before the writes that depend on it; the sender's balance it sees is
 *   the locked, current one.
 * - `moved`: the transfer row, only when both accounts exist, the sender can pay (the system
 *   account may go below zero: it issues the credit) and the recipient's account is still a
 *   member's (a member who left keeps an account without one, which no longer receives). A request with the same key that committed
 *   after this statement's snapshot meets ON CONFLICT and nothing is written.
 * - `debit`, `credit`, `entries`: only after `moved`, both balances and both ledger entries.
 * The accounts' CHECK (a member never below zero) stays the last line of defence.
 */
const transferQuery = prepared<TransferInput, Row>(
  'money_transfer',
  sql`
  with earlier as (
    select t.id, t.request_hash, t.created_at, e.balance_after_cents
    from ${transfers} t
    join ${ledgerEntries} e on e.transfer_id = t.id and e.account_id = t.from_account_id
    where t.from_account_id = ${from} and t.idempotency_key = ${param('idempotencyKey', 'text')}
  ), locked as (
    select id, kind, balance_cents, user_id from ${accounts}
    where id in (${from}, ${to}) and not exists (select 1 from earlier)
    order by id
    for update
  ), gate as (
    select count(*) = 2 as both_accounts,
           coalesce(bool_and(id <> ${from} or kind = 'system' or balance_cents >= ${amount}), false) as funded,
           coalesce(bool_and(id <> ${to} or kind = 'system' or user_id is not null), false) as open
    from locked
  ), moved as (
    insert into ${transfers}
      (from_account_id, to_account_id, amount_cents, kind, note, idempotency_key, request_hash)
    select ${from}, ${to}, ${amount}, ${param('kind', 'text')}, ${param('note', 'text')},
           ${param('idempotencyKey', 'text')}, ${param('requestHash', 'text')}
    from gate where both_accounts and funded and open
    on conflict (from_account_id, idempotency_key) do nothing
    returning id, created_at
  ), debit as (
    update ${accounts} set balance_cents = balance_cents - ${amount}
    where id = ${from} and exists (select 1 from moved)
    returning balance_cents
  ), credit as (
    update ${accounts} set balance_cents = balance_cents + ${amount}
    where id = ${to} and exists (select 1 from moved)
    returning balance_cents
  ), entries as (
    insert into ${ledgerEntries} (transfer_id, account_id, amount_cents, balance_after_cents)
    select moved.id, ${from}, -${amount}, debit.balance_cents from moved, debit
    union all
    select moved.id, ${to}, ${amount}, credit.balance_cents from moved, credit
  )
  select gate.both_accounts as "bothAccounts", gate.funded, gate.open as "recipientOpen",
         moved.id as "transferId", moved.created_at as "createdAt",
         debit.balance_cents as "fromBalanceAfter", credit.balance_cents as "toBalanceAfter",
         earlier.id as "earlierId", earlier.request_hash as "earlierHash",
         earlier.created_at as "earlierCreatedAt", earlier.balance_after_cents as "earlierBalanceAfter"
  from gate
  left join moved on true left join debit on true left join credit on true
  left join earlier on true`,
);

export async function runTransferStatement(db: Db, input: TransferInput) {
  // The statement always answers one row: `gate` has one, every other CTE is left-joined.
  const [row] = (await transferQuery(db, input)) as [Row];
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
