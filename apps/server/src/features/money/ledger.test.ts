import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { pgError } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { openTestDatabase, rowsOf } from '../../test/database';
import { accountOf, systemAccountId, transfer, type TransferRequest } from './ledger-service';
import { runTransfers } from './statements';

/**
 * The ledger under concurrent transfers. On PostgreSQL (TEST_DB=postgres) the pool runs
 * ten statements at once, so opposite transfers between the same accounts really race; PGlite runs
 * them one by one and must reach the same ledger.
 */
let database: Database;
const statements: string[] = [];
const isTransfer = (query: string) => query.includes('money_transfers(');
const transferStatements = () => statements.filter(isTransfer).length;
let members = 0;

beforeAll(async () => {
  database = await openTestDatabase((query) => void statements.push(query));
});
afterAll(() => database.close());

const rows = (query: SQL) => rowsOf(database.db, query);

/**
 * Until `count` statements wait behind a transaction's row lock: on PostgreSQL seen waiting on a
 * lock in pg_stat_activity, on PGlite (one connection, which the transaction holds) in the pool.
 */
async function untilWaiting(count: number) {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const waiting = async () => {
    if (database.kind === 'pglite') return pool.waitingCount;
    const [seen] = await rows(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`);
    return seen!.n as number;
  };
  await expect.poll(waiting, { timeout: 20_000, interval: 10 }).toBeGreaterThanOrEqual(count);
}

/** Accounts of new members, each credited `cents` by the system account. */
async function accountsWith(count: number, cents: number) {
  const ids: number[] = [];
  const system = await systemAccountId(database.db);
  for (let i = 0; i < count; i++) {
    const n = ++members;
    const [user] = await database.db
      .insert(users)
      .values({ email: `ledger${n}@example.com`, username: `ledger${n}`, passwordHash: 'x' })
      .returning({ id: users.id });
    const { id } = await accountOf(database.db, user!.id);
    await transfer(database.db, {
      fromAccountId: system,
      toAccountId: id,
      amountCents: cents,
      kind: 'welcome',
      note: null,
      idempotencyKey: `welcome:${id}`,
    });
    ids.push(id);
  }
  return ids;
}

const send = (from: number, to: number, amountCents: number, idempotencyKey: string) =>
  transfer(database.db, {
    fromAccountId: from,
    toAccountId: to,
    amountCents,
    kind: 'transfer',
    note: null,
    idempotencyKey,
  } satisfies TransferRequest);

/** How a call ended: created, replayed, or the error's status. */
const outcome = (call: Promise<{ replayed: boolean }>) =>
  call.then(
    (result) => (result.replayed ? 'replayed' : 'created'),
    (error: unknown) => (error instanceof AppError ? error.statusCode : error),
  );

async function ledger(accountIds: number[]) {
  const inList = sql.join(
    accountIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [held] = await rows(
    sql`select sum(balance_cents)::bigint as total, min(balance_cents)::bigint as lowest
        from accounts where id in (${inList})`,
  );
  const mismatched = await rows(sql`
    select a.id from accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance_cents having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`);
  const unbalanced = await rows(sql`
    select transfer_id from ledger_entries group by transfer_id
    having sum(amount_cents) <> 0 or count(*) <> 2`);
  const reusedKeys = await rows(sql`
    select from_account_id, idempotency_key from transfers
    group by 1, 2 having count(*) > 1`);
  const [all] = await rows(sql`select sum(balance_cents)::bigint as total from accounts`);
  return {
    held: Number(held!.total),
    lowest: Number(held!.lowest),
    everything: Number(all!.total),
    mismatched,
    unbalanced,
    reusedKeys,
  };
}

describe('transfers under concurrency', () => {
  it('keep the ledger whole through 200 concurrent transfers both ways, without a deadlock', async () => {
    const accounts = await accountsWith(4, 1_000);
    const requests: [from: number, to: number, cents: number, key: string][] = [];
    for (let i = 0; requests.length < 200; i++) {
      // Every pair both ways, and now and then more than anyone holds, so overdrafts race too.
      const from = accounts[i % 4]!;
      const to = accounts[(i + 1 + (i % 3)) % 4]!;
      const request = [from, to, i % 10 === 0 ? 5_000 : 1 + ((i * 37) % 400), `race-${i}`] as const;
      requests.push([...request]);
      // Some keys are sent twice at once: the ledger must count each once.
      if (i % 9 === 0) requests.push([...request]);
    }
    statements.length = 0;
    const calls = requests.map(([from, to, cents, key]) => outcome(send(from, to, cents, key)));
    const outcomes = await Promise.all(calls);

    expect(outcomes.filter((o) => !['created', 'replayed', 422].includes(o as string))).toEqual([]);
    // Calls made in one turn share statements, 50 transfers each. A deadlock or serialization
    // failure would have sent each transfer of its batch again alone, or retried it.
    expect(transferStatements()).toBe(Math.ceil(requests.length / 50));
    expect(statements.filter((q) => !isTransfer(q))).toEqual([]);
    const after = await ledger(accounts);
    expect(after).toMatchObject({
      held: 4_000,
      everything: 0,
      mismatched: [],
      unbalanced: [],
      reusedKeys: [],
    });
    expect(after.lowest).toBeGreaterThanOrEqual(0);
    const [made] = await rows(sql`
      select count(*)::int as n from transfers where idempotency_key like 'race-%'`);
    expect(made!.n).toBe(outcomes.filter((o) => o === 'created').length);
    expect(outcomes.filter((o) => o === 422).length).toBeGreaterThan(0);
  });

  it('answers the same key sent twice in one batch with one transfer, even when it drained the balance', async () => {
    const [payer, payee] = await accountsWith(2, 300);
    // Both requests wait on the payer's account and then go as one batch: the second sees the
    // balance the first left (none) and must answer the first transfer rather than refuse.
    const both = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from accounts where id = ${payer} for update`);
      const racing = [send(payer!, payee!, 300, 'drain'), send(payer!, payee!, 300, 'drain')];
      // Their one batch statement waits on the lock before the transaction lets it go.
      await untilWaiting(1);
      return racing;
    });
    const [first, second] = await Promise.all(both);
    expect(first!.transferId).toBe(second!.transferId);
    expect([first!.replayed, second!.replayed].sort()).toEqual([false, true]);
    expect(await ledger([payer!, payee!])).toMatchObject({ held: 600, lowest: 0, reusedKeys: [] });
  });

  it('answers the same key from two statements at once with one transfer', async () => {
    const [payer, payee] = await accountsWith(2, 300);
    const input = {
      fromAccountId: payer!,
      toAccountId: payee!,
      amountCents: 300,
      kind: 'transfer',
      note: null,
      idempotencyKey: 'drain-apart',
      requestHash: 'same',
    };
    // Two calls of their own (on PostgreSQL, two connections) wait on the payer's account; the
    // second must see the transfer the first committed rather than refuse for lack of money.
    const both = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from accounts where id = ${payer} for update`);
      const racing = [runTransfers(database.db, [input]), runTransfers(database.db, [input])];
      await untilWaiting(2);
      return racing;
    });
    const answers = (await Promise.all(both)).map(([answer]) => answer!);
    const moved = answers.filter((answer) => answer.moved);
    const replayed = answers.filter((answer) => answer.earlier);
    expect(moved).toHaveLength(1);
    expect(replayed).toHaveLength(1);
    expect(replayed[0]!.earlier!.id).toBe(moved[0]!.moved!.transferId);
    expect(await ledger([payer!, payee!])).toMatchObject({ held: 600, lowest: 0, reusedKeys: [] });
  });

  it('fails only the transfer that breaks its batch', async () => {
    const [payer, payee] = await accountsWith(2, 500);
    statements.length = 0;
    const calls = [
      outcome(send(payer!, payee!, 100, 'fine-1')),
      outcome(send(payer!, payer!, 100, 'to-self')),
      outcome(send(payee!, payer!, 50, 'fine-2')),
    ];
    const [fine1, toSelf, fine2] = await Promise.all(calls);
    expect([fine1, fine2]).toEqual(['created', 'created']);
    expect(pgError(toSelf)?.constraint).toBe('transfers_two_accounts');
    // The batch once, then each of its transfers alone.
    expect(transferStatements()).toBe(4);
    expect(await ledger([payer!, payee!])).toMatchObject({ held: 1_000, unbalanced: [] });
  });

  it('refuses a reused key with other details, and an overdraft, moving nothing', async () => {
    const [payer, payee] = await accountsWith(2, 500);
    await send(payer!, payee!, 100, 'once');
    await expect(send(payer!, payee!, 101, 'once')).rejects.toMatchObject({ statusCode: 409 });
    await expect(send(payer!, payee!, 401, 'too-much')).rejects.toMatchObject({
      statusCode: 422,
    });
    const [balances] = await rows(sql`
      select (select balance_cents from accounts where id = ${payer})::int as payer,
             (select balance_cents from accounts where id = ${payee})::int as payee`);
    expect(balances).toEqual({ payer: 400, payee: 600 });
  });
});
