/**
 * `npm run build -w apps/server && tsx scripts/bench/kinds.ts [-- --quick]`: CPU per request of
 * single read kinds (a chat page, the conversation list, the transactions list), each alone at a
 * steady load, on PostgreSQL (DATABASE_URL) or else PGlite. CPU is read from /proc: the server
 * process's, and on PostgreSQL the database's backends' too (every `postgres` process of the
 * machine, so another load on it shows up there). Answers are asked for compressed, as browsers do.
 */
import autocannon from 'autocannon';
import { readdir, readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { grantWelcomeCredit } from '../../apps/server/src/features/money/service';
import type { EventBus } from '../../apps/server/src/plugins/events';
import { forEachDatabase } from './database';
import { runBench } from './options';
import { seedUsers, signInAll } from './seed';
import { startBenchServer } from './server';

const MEMBERS = 100;
const READERS = 20;
const CONNECTIONS = 10;
/** Requests a second offered: below the ceiling, so the figure is the work, not a queue's. */
const RATE = 400;
const quietBus: EventBus = {
  post: async () => {},
  publish: async () => {},
  subscribe: () => () => {},
  close: async () => {},
};

/** Clock ticks (1/100 s) spent so far by processes whose command name passes `matches`. */
async function cpuTicks(matches: (pid: number, name: string) => boolean) {
  let ticks = 0;
  for (const entry of await readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const name = /\((.*)\)/.exec(stat)?.[1] ?? '';
    if (!stat || !matches(pid, name)) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

/** Seeded members 1…20 each chat with five others (40 messages a pair, all read) and trade. */
async function seed(db: Parameters<Parameters<typeof forEachDatabase>[1]>[0]) {
  return db.use(async (conn) => {
    const ids = await seedUsers(conn, MEMBERS);
    for (const id of ids) await grantWelcomeCredit(conn, quietBus, id, 100_000);
    await conn.execute(sql`
      insert into messages (sender_id, receiver_id, text, created_at, read_at)
      select case when n % 2 = 0 then a.id else b.id end, case when n % 2 = 0 then b.id else a.id end,
             'A message of the bench seeder, number ' || n, now() - (n || ' minutes')::interval, now()
      from users a, generate_series(1, 5) k, generate_series(1, 40) n,
           lateral (select id from users where id = a.id + k) b`);
    // A few thousand transfers between random members, with both ledger entries each.
    await conn.execute(sql`
      with made as (
        insert into transfers (from_account_id, to_account_id, amount_cents, kind, idempotency_key, request_hash)
        select m.ids[1 + g % cardinality(m.ids)], m.ids[1 + (g + 1 + g % 97) % cardinality(m.ids)],
               100, 'transfer', 'bench:' || g, 'bench'
        from generate_series(1, 5000) g,
             (select array_agg(id order by id) ids from accounts where kind = 'member') m
        returning id, from_account_id, to_account_id, amount_cents, created_at
      )
      insert into ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents, created_at)
      select id, from_account_id, -amount_cents, 0, created_at from made
      union all select id, to_account_id, amount_cents, 0, created_at from made`);
    await conn.execute(sql`vacuum analyze`);
    return ids;
  });
}

type Kind = { name: string; path: (reader: number) => string };

runBench(async (options) => {
  await forEachDatabase(options, async (database) => {
    // One database a run: PostgreSQL when DATABASE_URL names one, which is what the figures are for.
    if (options.postgresUrl && database.label === 'PGlite') return;
    const ids = await seed(database);
    const server = await startBenchServer(database);
    try {
      const tokens = await signInAll(server.url, READERS);
      const kinds: Kind[] = [
        { name: 'chat page', path: (r) => `/api/messages/${ids[r + 1]}?limit=20` },
        { name: 'conversations', path: () => '/api/messages/conversations' },
        { name: 'transactions', path: () => '/api/transactions?limit=20' },
      ];
      const pid = await serverPid();
      for (const kind of kinds) {
        let turn = 0;
        const request = () => {
          const reader = turn++ % READERS;
          return {
            method: 'GET' as const,
            path: kind.path(reader),
            headers: { 'access-token': tokens[reader]!, 'accept-encoding': 'br, gzip' },
          };
        };
        const run = (seconds: number) =>
          autocannon({
            url: server.url,
            connections: CONNECTIONS,
            overallRate: RATE,
            duration: seconds,
            requests: [{ setupRequest: (base) => ({ ...base, ...request() }) }],
          });
        await run(2);
        const nodeBefore = await cpuTicks((each) => each === pid);
        const pgBefore = await cpuTicks((_, name) => name.startsWith('postgres'));
        const result = await run(options.seconds);
        const nodeMs = ((await cpuTicks((each) => each === pid)) - nodeBefore) * 10;
        const pgMs = ((await cpuTicks((_, name) => name.startsWith('postgres'))) - pgBefore) * 10;
        const count = result.requests.total;
        console.log(
          `${database.label} ${kind.name}: ${count} requests, ${result.non2xx + result.errors} failed, ` +
            `server ${(nodeMs / count).toFixed(2)} ms CPU/request` +
            (database.label === 'PostgreSQL' ? `, postgres ${(pgMs / count).toFixed(2)} ms` : '') +
            `, ${Math.round(result.throughput.total / count)} B/answer, p50 ${result.latency.p50} ms`,
        );
      }
    } finally {
      await server.stop();
    }
  });
  return true;
});

/** The server among the processes this one started (tsx may have started esbuild too). */
async function serverPid() {
  const children = await readFile(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8');
  for (const pid of children.split(' ').filter(Boolean).map(Number)) {
    const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (command.includes('server.js')) return pid;
  }
  throw new Error('the bench server is not among this process’s children');
}
