/**
 * `npm run bench:notifications [-- --quick]`: a star with 500 posts, 10,000 likes on them (20 a
 * post) and 2,000 followers, their notifications written by the server's own writer (501 groups).
 * - the star's first page of notifications, 50 connections and one;
 * - likes and unlikes by 50 members on the star's posts with the star's `like` notifications on,
 *   then off (an off type is not stored), alternated to beat the machine's noise;
 * - each like's `notification:new` on the star's socket: one process, and (PostgreSQL and
 *   REDIS_URL) the star on one process while the likers like on another; every frame counted.
 * PGlite always; PostgreSQL too when DATABASE_URL is set.
 */
import type { NotificationPage } from '@devplay/shared';
import { forEachDatabase, type BenchDatabase } from './database';
import { measure, withBaseline } from './measure';
import { measurePaced } from './paced';
import { api, LIKE, likeCost } from './notification-like-cost';
import { delivery, likesAtRate, type Likers } from './notification-likes';
import { LIKERS, seedStar, starGroups, STAR_POSTS } from './notifications-seed';
import { runBench } from './options';
import { BenchReport, latency, loadCell, rate } from './report';
import { signInAll } from './seed';
import { startBenchServer } from './server';

/** 1,000 members online, each opening their notifications every 5 s. */
const LIST_RATE_PER_SECOND = 200;
const listRow = (load: string, target = '') =>
  `\`GET /api/notifications\`, the star's first page, ${load}${target && ` (target ${target})`}`;
const LIST = listRow('50 connections (the ceiling)');
const LIST_RATE = listRow(`${LIST_RATE_PER_SECOND} req/s arriving at random`, 'p99 ≤ 10 ms');
/** Each like and each unlike changes the star's first page, so its kept copy is read again. */
const CHURN_LIKES_PER_SECOND = 20;
const LIST_CHURN = listRow(
  `${LIST_RATE_PER_SECOND} req/s arriving at random, while ${LIKERS} likers like and unlike the star's posts at ${CHURN_LIKES_PER_SECOND} likes/s`,
  'p99 ≤ 10 ms',
);
const LIST_ONE = listRow('1 connection');
/** The likers' offered load in the delivery rows: each likes on a schedule, answered or not. */
const DELIVERY_PER_SECOND = 50;
const DELIVERY = `like → the star's \`notification:new\`, ${LIKERS} likers at ${DELIVERY_PER_SECOND} likes/s, one process`;
const DELIVERY_TWO = `${DELIVERY.replace(', one process', '')}, across two processes (Redis) (target p99 ≤ 30 ms)`;

const groupsAsSeeded = { groups: STAR_POSTS + 1, likeGroups: STAR_POSTS, actors: 12_000 };

async function recordDelivery(
  report: BenchReport,
  row: string,
  database: BenchDatabase,
  run: () => ReturnType<typeof delivery>,
  seconds: number,
) {
  const { hello, result } = await withBaseline(seconds, run);
  report.set(
    row,
    database.label,
    `${latency(result.latency)} from the like's turn (${result.beforeAnswer} of ${result.likes} ` +
      `frames before the like's answer); ${rate(result.perSecond, 'likes/s', hello)}`,
    hello,
  );
  report.check(
    `${database.label}, ${row}: one frame for each of ${result.likes} likes (lost ${result.lost}, unmatched ${result.unmatched})`,
    result.lost + result.unmatched === 0,
  );
}

runBench(async (options) => {
  const likesPerLiker = options.quick ? 5 : 20;
  const report = new BenchReport(
    `Notifications: a star with ${STAR_POSTS} posts, 10,000 likes on them and 2,000 followers (501 groups); ${options.seconds} s loads`,
    [LIST, LIST_RATE, LIST_CHURN, LIST_ONE, LIKE, DELIVERY, DELIVERY_TWO],
  );
  const notes: string[] = [];

  await forEachDatabase(options, async (database) => {
    const { label } = database;
    const started = performance.now();
    const seeded = await database.use(async (db) => {
      const star = await seedStar(db);
      return { star, groups: await starGroups(db, star.ids[0]!) };
    });
    notes.push(`${label}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    report.check(
      `${label}: the seeded groups are the server's (${JSON.stringify(seeded.groups)})`,
      JSON.stringify(seeded.groups) === JSON.stringify(groupsAsSeeded),
    );
    const { postIds } = seeded.star;

    const one = await startBenchServer(database);
    let likers: Likers;
    let starToken: string;
    try {
      const [token, ...tokens] = await signInAll(one.url, 1 + LIKERS);
      starToken = token!;
      likers = { ids: seeded.star.ids.slice(1, 1 + LIKERS), tokens };
      const page = await api<NotificationPage>(one.url, starToken, '/api/notifications');
      report.check(
        `${label}: the first page holds 20 groups of 501 unread`,
        page.items.length === 20 && page.unread === groupsAsSeeded.groups,
      );
      const headers = { 'access-token': starToken };
      const listUrl = `${one.url}/api/notifications`;
      for (const [row, load] of [
        [LIST, () => measure(listUrl, headers, options.seconds)],
        [LIST_RATE, () => measurePaced(listUrl, headers, options.seconds, LIST_RATE_PER_SECOND)],
        [
          LIST_CHURN,
          async () => {
            const [list] = await Promise.all([
              measurePaced(listUrl, headers, options.seconds, LIST_RATE_PER_SECOND),
              likesAtRate(one.url, likers, postIds, options.seconds, CHURN_LIKES_PER_SECOND),
            ]);
            return list;
          },
        ],
        [LIST_ONE, () => measure(listUrl, headers, options.seconds, 1)],
      ] as const) {
        const list = await withBaseline(options.seconds, load);
        report.set(row, label, loadCell(list), list.hello);
        report.check(`${label}, ${row}: every request answered 2xx`, list.result.failures === 0);
      }
      await likeCost(database, report, one.url, { token: starToken, postIds }, likers, options);
      await recordDelivery(
        report,
        DELIVERY,
        database,
        () =>
          delivery(
            one.url,
            one.url,
            starToken,
            likers,
            postIds,
            likesPerLiker,
            DELIVERY_PER_SECOND,
          ),
        options.seconds,
      );
    } finally {
      await one.stop();
    }

    if (label === 'PostgreSQL' && options.redisUrl) {
      const [a, b] = await Promise.all([
        startBenchServer(database, { redisUrl: options.redisUrl }),
        startBenchServer(database, { redisUrl: options.redisUrl }),
      ]);
      try {
        await recordDelivery(
          report,
          DELIVERY_TWO,
          database,
          () =>
            delivery(a.url, b.url, starToken, likers, postIds, likesPerLiker, DELIVERY_PER_SECOND),
          options.seconds,
        );
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    }
    const after = await database.use((db) => starGroups(db, seeded.star.ids[0]!));
    report.check(
      `${label}: every like's actor left with its unlike (${JSON.stringify(after)})`,
      JSON.stringify(after) === JSON.stringify(groupsAsSeeded),
    );
  });

  notes.push(
    options.postgresUrl && options.redisUrl
      ? 'Two processes: two server.js processes on PostgreSQL sharing Redis; the star listens on one, the likers like on the other.'
      : 'Set DATABASE_URL and REDIS_URL to measure PostgreSQL and two processes too.',
  );
  report.print(notes);
  return report.passed;
});
