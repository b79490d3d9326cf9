/**
 * `npm run bench [-- --quick]`: the feed under load. 1,000 members who follow 30 others each,
 * 10,000 posts with likes and comments; by a signed-in member, 50 connections:
 * - GET /api/posts and ?feed=following (first pages, kept under the feed's version: one
 *   statement a request for the version and the counts);
 * - the second page and a member's posts (never kept: read from the database each time; the
 *   member with the most posts, the same one at every size, so each size reads a full page);
 * - the newest page read by 100 members in turn while another member likes and unlikes a post
 *   on it (a like moves counts, read with the version, not the kept page);
 * on one server process and (PostgreSQL) on two under the cluster supervisor; then again with
 * 100,000 posts (not with --quick) and, with BENCH_LARGE=1, with 1,000,000 on PostgreSQL.
 * PGlite always; PostgreSQL too when DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { forEachDatabase, type BenchDatabase } from './database';
import { measure, withBaseline, type Measurement } from './measure';
import { runBench, type BenchOptions } from './options';
import { BenchReport, growthCell, loadCell, type Baselined } from './report';
import { queryRows, seedFollows, seedPosts, seedUsers, signInAll } from './seed';
import { startBenchServer } from './server';

const MEMBERS = 1_000;
const FOLLOWS_PER_MEMBER = 30;
const LARGE = 1_000_000;

const ALL = '`GET /api/posts`';
const FOLLOWING = '`feed=following`';
/** Later pages are read from the database every time (only first pages are kept). */
const NEXT = '`GET /api/posts`, second page (`cursor`)';
const BY_AUTHOR = "`GET /api/posts?user_id=`, a member's posts";
const TWO = ', 2 processes';
/** Each like changes a count on the newest page, which every read reads afresh (feed-cache.ts). */
const LIKES_PER_SECOND = 10;
/** Each reads with their own likes, read with the counts. */
const READERS = 100;
const CHURN = `${ALL}, ${READERS} members in turn, ${LIKES_PER_SECOND} likes/s meanwhile`;
const grownRow = (from: number, to: number) =>
  `${to / from}× more posts (${from.toLocaleString('en-US')} → ${to.toLocaleString('en-US')})`;

type Feeds = {
  all: Baselined<Measurement>;
  following: Baselined<Measurement>;
  next: Baselined<Measurement>;
  byAuthor: Baselined<Measurement>;
  churn?: Baselined<Measurement>;
};

async function nextCursor(page: string, token: string) {
  const response = await fetch(page, { headers: { 'access-token': token } });
  return encodeURIComponent(((await response.json()) as { nextCursor: string }).nextCursor);
}

/** The author of the newest post: a member with posts all through the table. */
/** The member with the most posts: at 10,000 posts among 1,000 members, about 20 (a page). */
async function mostPostsAuthor(db: Db) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select author_id as id from posts group by author_id order by count(*) desc limit 1`,
  );
  return row!.id;
}

/**
 * Another member likes the newest post and takes the like back, LIKES_PER_SECOND times a second,
 * for as long as `run` measures.
 */
async function whileLiking<T>(url: string, token: string, run: () => Promise<T>) {
  const headers = { 'access-token': token };
  const newest = (await (await fetch(`${url}/api/posts?limit=1`, { headers })).json()) as {
    items: { id: number }[];
  };
  const postId = newest.items[0]!.id;
  let running = true;
  const liking = (async () => {
    for (let liked = false; running; liked = !liked) {
      const response = await fetch(
        liked ? `${url}/api/like/${postId}` : `${url}/api/like`,
        liked
          ? { method: 'DELETE', headers }
          : {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ post_id: postId }),
            },
      );
      if (!response.ok) throw new Error(`like failed: ${response.status}`);
      await new Promise((resolve) => setTimeout(resolve, 1000 / LIKES_PER_SECOND));
    }
  })();
  try {
    return await run();
  } finally {
    running = false;
    await liking;
  }
}

async function measureFeeds(
  database: BenchDatabase,
  options: BenchOptions,
  processes: number,
  author: number,
  churn = false,
): Promise<Feeds> {
  const server = await startBenchServer(database, { processes, redisUrl: options.redisUrl });
  try {
    const [liker, ...readers] = await signInAll(server.url, churn ? READERS + 1 : 2);
    const reader = readers[0]!;
    const page = `${server.url}/api/posts?limit=20`;
    const load = (
      url: string,
      headers: Parameters<typeof measure>[1] = { 'access-token': reader },
    ) => withBaseline(options.seconds, () => measure(url, headers, options.seconds));
    let turn = 0;
    const inTurn = () => ({ 'access-token': readers[turn++ % readers.length]! });
    return {
      all: await load(page),
      following: await load(`${page}&feed=following`),
      next: await load(`${page}&cursor=${await nextCursor(page, reader)}`),
      byAuthor: await load(`${page}&user_id=${author}`),
      ...(churn && { churn: await whileLiking(server.url, liker!, () => load(page, inTurn)) }),
    };
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
    [
      ALL,
      FOLLOWING,
      NEXT,
      BY_AUTHOR,
      CHURN,
      ALL + TWO,
      FOLLOWING + TWO,
      ...growth.map(({ to }) => grownRow(posts, to)),
    ],
  );
  const notes: string[] = [];
  const measurements: Baselined<Measurement>[] = [];

  await forEachDatabase(options, async (database) => {
    const { label } = database;
    let started = performance.now();
    const author = await database.use(async (db) => {
      await seedUsers(db, MEMBERS);
      await seedFollows(db, FOLLOWS_PER_MEMBER);
      await seedPosts(db, posts);
      return mostPostsAuthor(db);
    });
    notes.push(
      `${label}: seeded the members and ${posts.toLocaleString('en-US')} posts in ${seconds(started)}.`,
    );

    const one = await measureFeeds(database, options, 1, author, true);
    report.set(ALL, label, loadCell(one.all), one.all.hello);
    report.set(FOLLOWING, label, loadCell(one.following), one.following.hello);
    report.set(NEXT, label, loadCell(one.next), one.next.hello);
    report.set(BY_AUTHOR, label, loadCell(one.byAuthor), one.byAuthor.hello);
    report.set(CHURN, label, loadCell(one.churn!), one.churn!.hello);
    measurements.push(one.all, one.following, one.next, one.byAuthor, one.churn!);

    // PGlite is one process's files: only PostgreSQL can be served by several.
    if (label === 'PostgreSQL') {
      const two = await measureFeeds(database, options, 2, author);
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
      const grown = await measureFeeds(database, options, 1, author);
      report.set(
        grownRow(posts, step.to),
        label,
        `all ${growthCell(one.all, grown.all)}; following ${growthCell(one.following, grown.following)}; second page ${growthCell(one.next, grown.next)}; a member's posts ${growthCell(one.byAuthor, grown.byAuthor)}`,
        grown.all.hello,
      );
      measurements.push(grown.all, grown.following, grown.next, grown.byAuthor);
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
