/**
 * `npm run bench [-- --quick]` (issues 3 and 14): the feed under load. 1,000 members who follow
 * 30 others each, 10,000 posts with likes and comments; GET /api/posts and ?feed=following by a
 * signed-in member, 50 connections, on one server process and (PostgreSQL) on two under the
 * cluster supervisor; then again with 100,000 posts (not with --quick) and, with BENCH_LARGE=1,
 * with 1,000,000 on PostgreSQL. PGlite always; PostgreSQL too when DATABASE_URL is set.
 */
import { forEachDatabase, type BenchDatabase } from './database';
import { measure, withBaseline, type Measurement } from './measure';
import { runBench, type BenchOptions } from './options';
import { BenchReport, growthCell, loadCell, type Baselined } from './report';
import { BENCH_PASSWORD, seedFollows, seedPosts, seedUsers } from './seed';
import { startBenchServer } from './server';

const MEMBERS = 1_000;
const FOLLOWS_PER_MEMBER = 30;
const LARGE = 1_000_000;

const ALL = '`GET /api/posts`';
const FOLLOWING = '`feed=following`';
const TWO = ', 2 processes';
const grownRow = (from: number, to: number) =>
  `${to / from}× more posts (${from.toLocaleString('en-US')} → ${to.toLocaleString('en-US')})`;

type Feeds = { all: Baselined<Measurement>; following: Baselined<Measurement> };

async function measureFeeds(
  database: BenchDatabase,
  options: BenchOptions,
  processes: number,
): Promise<Feeds> {
  const server = await startBenchServer(database, { processes, redisUrl: options.redisUrl });
  try {
    const signIn = await fetch(`${server.url}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench1@example.com', password: BENCH_PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const headers = { 'access-token': token };
    const page = `${server.url}/api/posts?limit=20`;
    const load = (url: string) =>
      withBaseline(options.seconds, () => measure(url, headers, options.seconds));
    return { all: await load(page), following: await load(`${page}&feed=following`) };
  } finally {
    await server.stop();
  }
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

runBench(async (options) => {
  // The figures are at 10,000 posts; --quick only measures shorter and grows less.
  const posts = 10_000;
  const growth = [
    ...(options.quick ? [] : [{ to: posts * 10, postgresOnly: false }]),
    ...(options.large ? [{ to: LARGE, postgresOnly: true }] : []),
  ];
  const report = new BenchReport(
    `Feed: ${MEMBERS.toLocaleString('en-US')} members, ${posts.toLocaleString('en-US')} posts, ` +
      `50 connections, ${options.seconds} s each, signed in, pages of 20`,
    [ALL, FOLLOWING, ALL + TWO, FOLLOWING + TWO, ...growth.map(({ to }) => grownRow(posts, to))],
  );
  const notes: string[] = [];
  const measurements: Baselined<Measurement>[] = [];

  await forEachDatabase(options, async (database) => {
    const { label } = database;
    let started = performance.now();
    await database.use(async (db) => {
      await seedUsers(db, MEMBERS);
      await seedFollows(db, FOLLOWS_PER_MEMBER);
      await seedPosts(db, posts);
    });
    notes.push(
      `${label}: seeded the members and ${posts.toLocaleString('en-US')} posts in ${seconds(started)}.`,
    );

    const one = await measureFeeds(database, options, 1);
    report.set(ALL, label, loadCell(one.all), one.all.hello);
    report.set(FOLLOWING, label, loadCell(one.following), one.following.hello);
    measurements.push(one.all, one.following);

    // PGlite is one process's files: only PostgreSQL can be served by several.
    if (label === 'PostgreSQL') {
      const two = await measureFeeds(database, options, 2);
      report.set(ALL + TWO, label, loadCell(two.all), two.all.hello);
      report.set(FOLLOWING + TWO, label, loadCell(two.following), two.following.hello);
      measurements.push(two.all, two.following);
    }

    let seeded = posts;
    for (const step of growth) {
      if (step.postgresOnly && label !== 'PostgreSQL') continue;
      started = performance.now();
      await database.use((db) => seedPosts(db, step.to - seeded));
      notes.push(
        `${label}: seeded ${(step.to - seeded).toLocaleString('en-US')} more posts in ${seconds(started)}.`,
      );
      seeded = step.to;
      const grown = await measureFeeds(database, options, 1);
      report.set(
        grownRow(posts, step.to),
        label,
        `all ${growthCell(one.all, grown.all)}; following ${growthCell(one.following, grown.following)}`,
        grown.all.hello,
      );
      measurements.push(grown.all, grown.following);
    }
  });

  notes.push(
    options.postgresUrl
      ? `2 processes: apps/server/dist/cluster.js with WEB_CONCURRENCY=2 on PostgreSQL${options.redisUrl ? ' and Redis' : ' (REDIS_URL unset: no Redis)'}.`
      : 'Set DATABASE_URL (and REDIS_URL) to measure PostgreSQL and two processes too.',
  );
  report.check(
    `every request of ${measurements.length} measurements answered 2xx`,
    measurements.every(({ result }) => result.failures === 0),
  );
  report.print(notes);
  return report.passed;
});
