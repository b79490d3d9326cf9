import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { queryRows } from './seed';

/** DESIGN §7's ledger rules after a run, each as a name and whether it holds. */
export async function ledgerChecks(
  db: Db,
  expected: { memberCents: number; transfersAnswered201: number },
) {
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string }>(db, query))[0]!.n);
  const [sums] = await queryRows<{ total: string; held: string }>(
    db,
    sql`select coalesce(sum(balance_cents), 0)::bigint as total,
               coalesce(sum(balance_cents) filter (where kind = 'member'), 0)::bigint as held
        from accounts`,
  );
  return [
    {
      name: 'all balances sum to zero (what the system account issued, members hold)',
      passed: Number(sums!.total) === 0,
    },
    {
      name: `members together still hold the ${expected.memberCents.toLocaleString('en-US')} cents they were granted`,
      passed: Number(sums!.held) === expected.memberCents,
    },
    {
      name: 'no member balance below zero',
      passed:
        (await count(
          sql`select count(*) as n from accounts where kind = 'member' and balance_cents < 0`,
        )) === 0,
    },
    {
      name: 'every balance equals the sum of its entries',
      passed:
        (await count(sql`
          select count(*) as n from (
            select a.id from accounts a left join ledger_entries e on e.account_id = a.id
            group by a.id, a.balance_cents
            having a.balance_cents <> coalesce(sum(e.amount_cents), 0)) wrong`)) === 0,
    },
    {
      name: 'every transfer is two entries that sum to zero',
      passed:
        (await count(sql`
          select count(*) as n from (
            select transfer_id from ledger_entries group by transfer_id
            having count(*) <> 2 or sum(amount_cents) <> 0) wrong`)) === 0,
    },
    {
      name: "every entry's balance-after is its account's running sum",
      passed:
        (await count(sql`
          select count(*) as n from (
            select balance_after_cents,
                   sum(amount_cents) over (partition by account_id order by id) as running
            from ledger_entries) entries
          where balance_after_cents <> running`)) === 0,
    },
    {
      name: 'replayed requests moved nothing (member transfers = 201 answers)',
      passed:
        (await count(sql`select count(*) as n from transfers where kind = 'transfer'`)) ===
        expected.transfersAnswered201,
    },
  ];
}
