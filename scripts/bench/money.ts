/**
 * `npm run bench:money` (issue 5): 100 accounts, 50 concurrent clients, 20,000 random transfers
 * through the API, including deliberate overdrafts and replayed idempotency keys; then checks
 * the ledger: conservation, no negative balance, balances equal their entries, replays made
 * nothing. PostgreSQL via DATABASE_URL (a scratch database), else PGlite.
 */
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client';
import { grantWelcomeCredit } from '../../apps/server/src/features/money/service';
import type { EventBus } from '../../apps/server/src/plugins/events';
import { startServer } from '../../e2e/support/server';
import { scratchPostgres } from './database';
import { seedUsers, signInAll } from './seed';
import { summarize } from './stats';

const ACCOUNTS = 100;
const CLIENTS = 50;
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 20_000);
const WELCOME_CENTS = 10_000;
const quietBus: EventBus = {
  post: async () => {},
  publish: async () => {},
  subscribe: () => () => {},
  close: async () => {},
};

const pick = () => Math.floor(Math.random() * ACCOUNTS);

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-bench-money-'));
  const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : null;
  const target = scratch ? { url: scratch.url } : { pgliteDir: path.join(dataDir, 'db') };

  let database = await openDatabase(target);
  await seedUsers(database.db, ACCOUNTS);
  for (let id = 1; id <= ACCOUNTS; id++)
    await grantWelcomeCredit(database.db, quietBus, id, WELCOME_CENTS);
  await database.close();

  const server = await startServer(
    {
      RATE_LIMITS: 'off',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
    { dataDir },
  );
  const tokens = await signInAll(server.url, ACCOUNTS);
  const sent: { from: number; body: Record<string, unknown> }[] = [];
  const statuses: Record<number, number> = {};
  const latencies: number[] = [];
  let created = 0;
  let next = 0;

  async function client() {
    while (next < TRANSFERS) {
      next++;
      const replay = sent.length > 0 && Math.random() < 0.1;
      let from = pick();
      let body: Record<string, unknown>;
      if (replay) {
        ({ from, body } = sent[Math.floor(Math.random() * sent.length)]!);
      } else {
        let to = pick();
        while (to === from) to = pick();
        // One in ten tries to send more than anyone can have.
        const cents =
          Math.random() < 0.1 ? 5_000_00 + pick() : 1 + Math.floor(Math.random() * 2_000);
        body = {
          amount: (cents / 100).toFixed(2),
          userName: `bench${to + 1}`,
          idempotencyKey: randomUUID(),
        };
      }
      const started = performance.now();
      const response = await fetch(`${server.url}/api/transaction`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'access-token': tokens[from]! },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 201) {
        created++;
        if (!replay) sent.push({ from, body });
      }
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  const seconds = (performance.now() - started) / 1000;
  await server.stop();

  database = await openDatabase(target);
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [sums] = await rows(sql`
    select coalesce(sum(balance_cents), 0)::bigint as total,
           (select -balance_cents from accounts where kind = 'system')::bigint as issued,
           (select count(*) from accounts where kind = 'member' and balance_cents < 0)::int as negative,
           (select count(*) from transfers where kind = 'transfer')::int as transfers
    from accounts`);
  const mismatched = await rows(sql`
    select a.id from accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.balance_cents having a.balance_cents <> coalesce(sum(e.amount_cents), 0)`);
  const [members] = await rows(
    sql`select sum(balance_cents)::bigint as held from accounts where kind = 'member'`,
  );
  await database.close();
  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });

  const label = scratch ? 'PostgreSQL' : 'PGlite';
  console.log(
    `\n${label}: ${TRANSFERS} transfer requests by ${CLIENTS} clients over ${ACCOUNTS} accounts in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `throughput: ${Math.round(TRANSFERS / seconds)} requests/s; latency ms`,
    summarize(latencies),
  );
  console.log('answers by status:', statuses, '(201 new, 200 replay, 422 insufficient funds)');
  const checks = {
    'all balances sum to zero (credit issued = credit held)':
      Number(sums!.total) === 0 && Number(sums!.issued) === Number(members!.held),
    'no member balance below zero': Number(sums!.negative) === 0,
    'every balance equals the sum of its entries': mismatched.length === 0,
    'replays created nothing (transfers = 201 answers)': Number(sums!.transfers) === created,
  };
  console.table(checks);
  if (Object.values(checks).includes(false)) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
