import type { LiveEvent } from '@devplay/shared';
import { listen } from './live-socket';
import { LIKERS } from './notifications-seed';
import { createPoster } from './post-json';
import { summarize } from './stats';

/** How long the last frames may take to arrive after the last like was answered. */
const DELIVERY_WAIT_MS = 10_000;
/** The longest a liker waits for their like's frame before taking the like back. */
const UNLIKE_AFTER_MS = 1_000;

type Poster = ReturnType<typeof createPoster>;

/**
 * Liker i likes the star's posts i, i + 50, i + 100 …: no two likers share a group at a time, so
 * the newest actor of the group a frame carries is the liker whose like made it.
 */
const postsOf = (postIds: readonly number[], liker: number) =>
  postIds.filter((_, i) => i % LIKERS === liker);

const key = (likerId: number, postId: number) => `${likerId}:${postId}`;

async function expectOk(answer: Promise<{ status: number; body: string }>) {
  const { status, body } = await answer;
  if (status !== 200) throw new Error(`like or unlike failed: ${status} ${body}`);
}

type LikeHooks = {
  /** Whether liker `liker` goes on after `done` likes. */
  more: (liker: number, done: number) => boolean;
  /** When the like is due (performance.now()), if on a schedule; else at once. */
  turn?: (liker: number, done: number) => number;
  /** `at`: its turn, from which its latency counts, so a server that falls behind shows it. */
  sent?: (likerId: number, postId: number, at: number) => void;
  answered?: (likerId: number, postId: number) => void;
  /** Waited for before the like is taken back. */
  beforeUnlike?: (likerId: number, postId: number) => Promise<void>;
};

/**
 * Each liker, one request after another: like one of their posts, take the like back, the next
 * post. The latencies of the likes and of the unlikes apart.
 */
async function likeAndUnlike(poster: Poster, likers: Likers, postIds: number[], hooks: LikeHooks) {
  const likeMs: number[] = [];
  const unlikeMs: number[] = [];
  const started = performance.now();
  await Promise.all(
    likers.tokens.map(async (token, liker) => {
      const mine = postsOf(postIds, liker);
      const likerId = likers.ids[liker]!;
      for (let done = 0; hooks.more(liker, done); done++) {
        const postId = mine[done % mine.length]!;
        const wait = (hooks.turn?.(liker, done) ?? 0) - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        let at = hooks.turn?.(liker, done) ?? performance.now();
        hooks.sent?.(likerId, postId, at);
        await expectOk(poster.send('POST', '/api/like', token, { post_id: postId }));
        hooks.answered?.(likerId, postId);
        likeMs.push(performance.now() - at);
        await hooks.beforeUnlike?.(likerId, postId);
        at = performance.now();
        await expectOk(poster.send('DELETE', `/api/like/${postId}`, token));
        unlikeMs.push(performance.now() - at);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, likeMs, unlikeMs };
}

export type Likers = { ids: number[]; tokens: string[] };

/** Likes and unlikes by every liker for `seconds`, on the server of `baseUrl`. */
export async function likeRound(
  baseUrl: string,
  likers: Likers,
  postIds: number[],
  seconds: number,
) {
  const poster = createPoster(baseUrl, likers.tokens.length);
  const deadline = performance.now() + seconds * 1000;
  try {
    const round = await likeAndUnlike(poster, likers, postIds, {
      more: () => performance.now() < deadline,
    });
    return { ...round, pairs: round.likeMs.length };
  } finally {
    poster.close();
  }
}

/** When each liker's `done`-th like is due: `perSecond` likes a second in all, likers in turn. */
function schedule(likers: Likers, perSecond: number) {
  const started = performance.now();
  const intervalMs = (likers.tokens.length * 1000) / perSecond;
  return (liker: number, done: number) =>
    started + (done + liker / likers.tokens.length) * intervalMs;
}

/** Likes, each taken back at once, `perSecond` a second in all for `seconds`, on a schedule. */
export async function likesAtRate(
  baseUrl: string,
  likers: Likers,
  postIds: number[],
  seconds: number,
  perSecond: number,
) {
  const poster = createPoster(baseUrl, likers.tokens.length);
  const turn = schedule(likers, perSecond);
  const end = performance.now() + seconds * 1000;
  try {
    return await likeAndUnlike(poster, likers, postIds, {
      more: (liker, done) => turn(liker, done) < end,
      turn,
    });
  } finally {
    poster.close();
  }
}

/**
 * The star listens on `listenUrl` while the likers like on `likeUrl`, `likesPerLiker` each, on a
 * schedule of `perSecond` likes a second in all. Every like makes one `notification:new` with its
 * group as it is when the star's process reads it (API.md), the liker its newest actor: matched
 * by liker and post, timed from the like's turn. A liker takes the like back once its frame came
 * (or after a second), as a person does, not within the millisecond, which would leave the frame
 * a group the like already left.
 */
export async function delivery(
  listenUrl: string,
  likeUrl: string,
  starToken: string,
  likers: Likers,
  postIds: number[],
  likesPerLiker: number,
  perSecond: number,
) {
  type Like = { sent: number; answered: number; frame: number; arrived?: () => void };
  const likes: Like[] = [];
  const pending = new Map<string, Like[]>();
  let unmatched = 0;
  const socket = await listen(listenUrl, starToken, (event: LiveEvent) => {
    if (event.type !== 'notification:new') return;
    const group = event.data;
    const postId = group.type === 'like' ? group.subject.post.id : 0;
    const like = pending.get(key(group.actors[0]?.id ?? 0, postId))?.shift();
    if (!like) return void unmatched++;
    like.frame = performance.now();
    like.arrived?.();
  });
  const inFlight = new Map<string, Like>();
  const poster = createPoster(likeUrl, likers.tokens.length);
  try {
    const { seconds } = await likeAndUnlike(poster, likers, postIds, {
      more: (_, done) => done < likesPerLiker,
      turn: schedule(likers, perSecond),
      sent(likerId, postId, at) {
        const like = { sent: at, answered: NaN, frame: NaN };
        likes.push(like);
        inFlight.set(key(likerId, postId), like);
        pending.set(key(likerId, postId), [...(pending.get(key(likerId, postId)) ?? []), like]);
      },
      answered(likerId, postId) {
        inFlight.get(key(likerId, postId))!.answered = performance.now();
      },
      beforeUnlike(likerId, postId) {
        const like = inFlight.get(key(likerId, postId))!;
        if (!Number.isNaN(like.frame)) return Promise.resolve();
        return new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, UNLIKE_AFTER_MS);
          like.arrived = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      },
    });
    const deadline = Date.now() + DELIVERY_WAIT_MS;
    while (likes.some((like) => Number.isNaN(like.frame)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    // A moment more, so a duplicate that trails its first copy is seen.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const arrived = likes.filter((like) => !Number.isNaN(like.frame));
    return {
      perSecond: likes.length / seconds,
      latency: summarize(arrived.map((like) => like.frame - like.sent)),
      beforeAnswer: arrived.filter((like) => like.frame < like.answered).length,
      likes: likes.length,
      lost: likes.length - arrived.length,
      unmatched,
    };
  } finally {
    poster.close();
    socket.close();
  }
}
