import { sql, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, sameUserElsewhere, type TestContext } from './app';
import { rowsOf } from './database';
import { createMember, type Member } from './factories';

/**
 * One app per test file, and the moves of money its tests make: each payment from another
 * address, so the per-address limits never refuse one. Getters, because the app exists only once
 * `beforeAll` ran.
 */
export function useMoney() {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.app.close());

  /** DESIGN §7 invariants, checked straight in the tables. */
  async function ledgerInvariants() {
    const run = (query: SQL) => rowsOf(ctx.app.db, query);
    const [total] = await run(
      sql`select coalesce(sum(balance_cents), 0)::bigint as total from accounts`,
    );
    const mismatched = await run(sql`
      select a.id from accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id, a.balance_cents having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`);
    const unbalanced = await run(
      sql`select transfer_id from ledger_entries group by transfer_id having sum(amount_cents) <> 0 or count(*) <> 2`,
    );
    const negative = await run(
      sql`select id from accounts where kind = 'member' and balance_cents < 0`,
    );
    return { total: Number(total!.total), mismatched, unbalanced, negative };
  }

  return {
    get ctx() {
      return ctx;
    },
    member: () => createMember(ctx),
    pay: (
      from: Member,
      to: Pick<Member, 'username'>,
      amount: number | string,
      extra: Record<string, unknown> = {},
    ) =>
      sameUserElsewhere(ctx.app, from.client).post('/transaction', {
        amount,
        userName: to.username,
        idempotencyKey: randomUUID(),
        ...extra,
      }),
    balanceOf: async (m: Member) => (await m.client.get('/me')).json().balance as number,
    /** After a file's tests: entries sum to zero, balances equal their entries, none negative. */
    async expectLedgerWhole() {
      expect(await ledgerInvariants()).toEqual({
        total: 0,
        mismatched: [],
        unbalanced: [],
        negative: [],
      });
    },
  };
}
