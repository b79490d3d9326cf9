/**
 * `npm run bench`: the feed under load (issue 3). Seeds 1,000 members with follows, likes and
 * comments, then measures GET /api/posts and ?feed=following at 10,000 and at 100,000 posts,
 * against a bare node:http server on the same machine. PGlite by default; PostgreSQL when
 * DATABASE_URL is set (a scratch database is made on that server and dropped afterwards).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { startServer } from '../../e2e/support/server';
import { scratchPostgres } from './database';
import { measure, measureHelloWorld, type Measurement } from './measure';
import { BENCH_PASSWORD, seedFollows, seedPosts, seedUsers } from './seed';

const USERS = 1_000;
const FOLLOWS_PER_USER = 30;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0000';

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-bench-'));
  const scratch = process.env.DATABASE_URL ? await scratchPostgres(process.env.DATABASE_URL) : null;
  const target = scratch ? { url: scratch.url } : { pgliteDir: path.join(dataDir, 'db') };
  const serverEnv = {
    RATE_LIMITS: 'off',
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  const label = scratch ? 'PostgreSQL' : 'PGlite';

  // PGlite has one connection, so seeding and serving take turns on the files.
  const withDb = async (work: (db: Database['db']) => Promise<void>) => {
    const database = await openDatabase(target);
    try {
      await work(database.db);
    } finally {
      await database.close();
    }
  };

  const results: Record<string, Measurement> = {};
  async function measureFeeds(postCount: number) {
    const server = await startServer(serverEnv, { dataDir });
    try {
      const signIn = await fetch(`${server.url}/api/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench1@example.com', password: BENCH_PASSWORD }),
      });
      const { token } = (await signIn.json()) as { token: string };
      const headers = { 'access-token': token };
      results[`GET /api/posts (${postCount} posts)`] = await measure(
        `${server.url}/api/posts?limit=20`,
        headers,
        SECONDS,
      );
      results[`GET /api/posts?feed=following (${postCount} posts)`] = await measure(
        `${server.url}/api/posts?limit=20&feed=following`,
        headers,
        SECONDS,
      );
    } finally {
      await server.stop();
    }
  }

  let t = Date.now();
  await withDb(async (db) => {
    await seedUsers(db, USERS);
    await seedFollows(db, USERS, FOLLOWS_PER_USER);
    await seedPosts(db, USERS, 10_000);
  });
  console.log(
    `${label}: seeded ${USERS} members and 10,000 posts in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
  await measureFeeds(10_000);

  t = Date.now();
  await withDb((db) => seedPosts(db, USERS, 90_000));
  console.log(`${label}: seeded 90,000 more posts in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  await measureFeeds(100_000);

  results['bare node:http hello world'] = await measureHelloWorld(SECONDS);
  const hello = results['bare node:http hello world'];

  console.log(`\nDatabase: ${label}; 50 connections, ${SECONDS} s each, signed in, pages of 20\n`);
  console.table(
    Object.fromEntries(
      Object.entries(results).map(([name, m]) => [
        name,
        {
          'req/s': m.requestsPerSec,
          'p50 ms': m.p50,
          'p99 ms': m.p99,
          'vs hello': `${((m.requestsPerSec / hello.requestsPerSec) * 100).toFixed(1)} %`,
          errors: m.errors + m.non2xx,
        },
      ]),
    ),
  );

  await scratch?.drop();
  await rm(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
