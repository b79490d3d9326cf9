/**
 * `npm run bench:sign-in [-- --quick]`: one member signs in through the API again and again, one
 * request at a time (300, or 50 with --quick, after 20 not counted), from one browser: what a
 * sign-in costs end to end, argon2 included. PGlite always; PostgreSQL too when DATABASE_URL is
 * set. To compare two builds, run it in each, alternately (docs/benchmarks.md).
 */
import { forEachDatabase } from './database';
import { runBench } from './options';
import { BENCH_PASSWORD, seedUsers } from './seed';
import { startBenchServer } from './server';
import { summarize } from './stats';

const WARM_UP = 20;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

async function signInOnce(baseUrl: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': FIREFOX },
    body: JSON.stringify({ email: 'bench1@example.com', password: BENCH_PASSWORD }),
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return performance.now() - started;
}

runBench(async (options) => {
  const count = options.quick ? 50 : 300;
  const rows: string[] = [];
  await forEachDatabase(options, async (database) => {
    await database.use((db) => seedUsers(db, 1));
    const server = await startBenchServer(database);
    try {
      for (let i = 0; i < WARM_UP; i++) await signInOnce(server.url);
      const times: number[] = [];
      for (let i = 0; i < count; i++) times.push(await signInOnce(server.url));
      const { p50, p99, max } = summarize(times);
      rows.push(`| ${database.label} | ${count} | ${p50} | ${p99} | ${max} |`);
    } finally {
      await server.stop();
    }
  });
  console.log(
    [
      '',
      '## POST /api/signin, one at a time (ms)',
      '',
      '| database | sign-ins | p50 | p99 | max |',
      '|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
  return true;
});
