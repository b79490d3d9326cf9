/** What the star's `like` notifications cost a like: rounds with the type on, then off, alternated. */
import type { NotificationPage } from '@devplay/shared';
import type { BenchDatabase } from './database';
import { withBaseline } from './measure';
import { likeRound, type Likers } from './notification-likes';
import { LIKERS } from './notifications-seed';
import type { BenchOptions } from './options';
import { latency, rate, type BenchReport } from './report';
import { summarize } from './stats';

export const LIKE = `like + unlike by ${LIKERS} members, \`like\` notifications on vs off (target ≤ +15 %)`;

/** A JSON call of the API as `token`; throws on an answer other than 2xx. */
export async function api<T>(baseUrl: string, token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: {
      'access-token': token,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const setLike = (baseUrl: string, starToken: string, like: boolean) =>
  api(baseUrl, starToken, '/api/notifications/settings', {
    method: 'PUT',
    body: JSON.stringify({ like }),
  });

/** Whether a like of the star's first post shows on the star's first page as its newest actor. */
async function likeShows(baseUrl: string, starToken: string, likers: Likers, postId: number) {
  const [token] = likers.tokens;
  const like = JSON.stringify({ post_id: postId });
  await api(baseUrl, token!, '/api/like', { method: 'POST', body: like });
  const page = await api<NotificationPage>(baseUrl, starToken, '/api/notifications?limit=1');
  await api(baseUrl, token!, `/api/like/${postId}`, { method: 'DELETE' });
  const top = page.items[0];
  return (
    top?.type === 'like' && top.subject.post.id === postId && top.actors[0]?.id === likers.ids[0]
  );
}

/** Like rounds alternating on and off; the time a like + unlike takes more with notifications on. */
export async function likeCost(
  database: BenchDatabase,
  report: BenchReport,
  baseUrl: string,
  star: { token: string; postIds: number[] },
  likers: Likers,
  options: BenchOptions,
) {
  const rounds = options.quick ? 1 : 3;
  const totals = {
    on: { pairs: 0, seconds: 0, likeMs: [] as number[] },
    off: { pairs: 0, seconds: 0, likeMs: [] as number[] },
  };
  const perRound: string[] = [];
  // Not counted: the server's code is warm before either mode is timed.
  await likeRound(baseUrl, likers, star.postIds, options.seconds / 2);
  const { hello } = await withBaseline(options.seconds, async () => {});
  for (let round = 0; round < rounds; round++) {
    const rates = { on: 0, off: 0 };
    // On first, then off first: neither mode always runs on a database the other just churned.
    for (const mode of round % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
      await setLike(baseUrl, star.token, mode === 'on');
      report.check(
        `${database.label}: with \`like\` ${mode}, a like ${mode === 'on' ? 'joins' : 'does not join'} the star's group (round ${round + 1})`,
        (await likeShows(baseUrl, star.token, likers, star.postIds[0]!)) === (mode === 'on'),
      );
      const result = await likeRound(baseUrl, likers, star.postIds, options.seconds / 2);
      totals[mode].pairs += result.pairs;
      totals[mode].seconds += result.seconds;
      totals[mode].likeMs.push(...result.likeMs);
      rates[mode] = result.pairs / result.seconds;
    }
    perRound.push(`${((rates.off / rates.on - 1) * 100).toFixed(1)} %`);
  }
  await setLike(baseUrl, star.token, true);
  const [on, off] = [totals.on, totals.off].map((t) => ({
    rate: t.pairs / t.seconds,
    like: summarize(t.likeMs),
  }));
  report.set(
    LIKE,
    database.label,
    `on ${rate(on!.rate, 'pairs/s', hello)}, like ${latency(on!.like)}; ` +
      `off ${rate(off!.rate, 'pairs/s', hello)}, like ${latency(off!.like)}; ` +
      `**${((off!.rate / on!.rate - 1) * 100).toFixed(1)} %** more time a pair with notifications (rounds: ${perRound.join(', ')})`,
    hello,
  );
}
