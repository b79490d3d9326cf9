/**
 * `npm run bench:money [-- --quick]`: 100 accounts, 50 concurrent clients, 20,000 transfer requests
 * through the API (2,000 with --quick), one in ten a deliberate overdraft and one in ten a replayed
 * idempotency key; then the ledger's invariants. PGlite always; PostgreSQL too when DATABASE_URL is
 * set.
 */
import { randomUUID } from 'node:crypto';
import { grantWelcomeCredit } from '../../apps/server/src/features/money/service';
import { forEachDatabase } from './database';
import { ledgerChecks } from './ledger-checks';
import { withBaseline } from './measure';
import { runBench } from './options';
import { createPoster } from './post-json';
import { quietBus } from './quiet-bus';
import { BenchReport, latency, rate } from './report';
import { seedUsers, signInAll } from './seed';
import { startBenchServer } from './server';
import { summarize } from './stats';

const ACCOUNTS = 100;
const CLIENTS = 50;
const WELCOME_CENTS = 10_000;

const ROW = `transfers (${CLIENTS} clients)`;
const pick = () => Math.floor(Math.random() * ACCOUNTS);

/** Random transfers between the members of `tokens` until `total` requests were sent. */
async function transferStorm(baseUrl: string, tokens: string[], total: number) {
  const sent: { from: number; body: Record<string, unknown> }[] = [];
  const statuses: Record<number, number> = {};
  const latencies: number[] = [];
  let next = 0;
  const poster = createPoster(baseUrl, CLIENTS);

  async function client() {
    while (next < total) {
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
      const response = await poster.post('/api/transaction', tokens[from]!, body);
      latencies.push(performance.now() - started);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 201 && !replay) sent.push({ from, body });
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, client));
  poster.close();
  return {
    perSecond: total / ((performance.now() - started) / 1000),
    latency: summarize(latencies),
    statuses,
  };
}

runBench(async (options) => {
  const total = options.quick ? 2_000 : 20_000;
  const report = new BenchReport(
    `Transfers: ${total.toLocaleString('en-US')} requests by ${CLIENTS} clients over ${ACCOUNTS} accounts`,
    [ROW],
  );
  const notes: string[] = [];

  await forEachDatabase(options, async (database) => {
    await database.use(async (db) => {
      for (const id of await seedUsers(db, ACCOUNTS))
        await grantWelcomeCredit(db, quietBus, id, WELCOME_CENTS);
    });
    const server = await startBenchServer(database);
    let baselined;
    try {
      const tokens = await signInAll(server.url, ACCOUNTS);
      baselined = await withBaseline(options.seconds, () =>
        transferStorm(server.url, tokens, total),
      );
    } finally {
      await server.stop();
    }
    const { hello, result: storm } = baselined;
    report.set(
      ROW,
      database.label,
      `${rate(storm.perSecond, 'transfers/s', hello)}, ${latency(storm.latency)}`,
      hello,
    );
    notes.push(
      `${database.label} answers by status: ${JSON.stringify(storm.statuses)} ` +
        '(201 new, 200 replay, 422 insufficient funds).',
    );
    const checks = await database.use((db) =>
      ledgerChecks(db, {
        memberCents: ACCOUNTS * WELCOME_CENTS,
        transfersAnswered201: storm.statuses[201] ?? 0,
      }),
    );
    for (const { name, passed } of checks) report.check(`${database.label}: ${name}`, passed);
    report.check(
      `${database.label}: every request answered 201, 200 or 422`,
      Object.keys(storm.statuses).every((status) => ['201', '200', '422'].includes(status)),
    );
  });

  report.print(notes);
  return report.passed;
});
