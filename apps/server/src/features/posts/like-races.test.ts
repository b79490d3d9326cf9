import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_CONNECTIONS } from '../../db/client';
import { createTestApp, type TestContext } from '../../test/app';
import { rowsOf } from '../../test/database';
import { createMember, publish, type Member } from '../../test/factories';
import { openSideConnections, waitingOnLocks } from '../../test/side-connections';
import { like, unlike } from './like-service';

/**
 * A member's like and unlike of one post at once (a double click, two tabs), on PostgreSQL where
 * statements run side by side: whatever order they take, the like is there exactly when the
 * member is counted in the author's unread like group. Both statements lock the post first, so
 * the second waits for the first; the race is in what it reads once it has waited.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('a like and an unlike at once', () => {
  let ctx: TestContext;
  let author: Member;
  let members: Member[];
  /** Connections of their own, beside the app's pool: one holds the post, one watches. */
  let holder: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    ctx = await createTestApp({ rateLimits: false });
    author = await createMember(ctx);
    members = await Promise.all(Array.from({ length: 16 }, () => createMember(ctx)));
    [holder, watcher] = (await openSideConnections(ctx.app.db, 2)) as [pg.Client, pg.Client];
  });
  afterAll(async () => {
    await Promise.all([holder?.end(), watcher?.end()]);
    await ctx?.app.close();
  });

  type Act = 'like' | 'unlike';
  const act = (member: Member, postId: number, what: Act) =>
    (what === 'like' ? like : unlike)(ctx.app.db, ctx.app.events, postId, member.id);

  /** Members whose like and whose place in the author's unread group disagree, with the counts. */
  async function disagreements(postId: number) {
    const rows = await rowsOf<{ id: number; liked: boolean; counted: boolean }>(
      ctx.app.db,
      sql`select u.id,
          exists (select from likes l where l.post_id = ${postId} and l.user_id = u.id) as liked,
          exists (select from notifications n
            join notification_actors a on a.notification_id = n.id and a.actor_id = u.id
            where n.user_id = ${author.id} and n.type = 'like' and n.subject_key = ${postId}
              and n.read_at is null) as counted
        from users u where u.id <> ${author.id}`,
    );
    const [counts] = await rowsOf<{ likes: number; actors: number }>(
      ctx.app.db,
      sql`select (select likes_count from posts where id = ${postId}) as likes,
          coalesce((select actors_count from notifications where user_id = ${author.id}
            and type = 'like' and subject_key = ${postId} and read_at is null), 0) as actors`,
    );
    return { disagreeing: rows.filter((row) => row.liked !== row.counted), ...counts! };
  }

  type Sent = { answer: Promise<{ likesCount: number }>; done: boolean };

  /**
   * Sends the statement and resolves once it waits for a lock (or finished without one) beside
   * those sent before: seen in the database, no guessing with time.
   */
  async function sendQueued(sent: Sent[], member: Member, postId: number, what: Act) {
    const entry: Sent = { answer: act(member, postId, what), done: false };
    entry.answer = entry.answer.finally(() => (entry.done = true));
    sent.push(entry);
    while ((await waitingOnLocks(watcher)) < sent.filter((each) => !each.done).length) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('agree after every order of the two, the second queued behind the first', async () => {
    // Each pair on a post of its own, held while the pair queues in a chosen order: released,
    // the first runs, then the second, which began before the first was done. (Two statements
    // queued on one row keep their order; more chase the row's new version in any order.)
    const posts = [];
    for (let i = 0; i < POSTGRES_CONNECTIONS / 2; i++)
      posts.push(await publish(ctx, author.client));
    const ids = posts.map((post) => post.id);
    const orders: [boolean, Act, Act][] = [
      [true, 'unlike', 'like'],
      [true, 'like', 'unlike'],
      [false, 'like', 'unlike'],
      [false, 'unlike', 'like'],
    ];
    for (let round = 0; round < 8; round++) {
      const [likedBefore, first, second] = orders[round % orders.length]!;
      const pairs = ids.map((postId, i) => ({ postId, member: members[(round + i) % 16]! }));
      for (const { postId, member } of pairs)
        await act(member, postId, likedBefore ? 'like' : 'unlike');
      await holder.query('begin');
      await holder.query('select id from posts where id = any($1) for no key update', [ids]);
      const sent: Sent[] = [];
      for (const { postId, member } of pairs) {
        await sendQueued(sent, member, postId, first);
        await sendQueued(sent, member, postId, second);
      }
      await holder.query('commit');
      const answers = await Promise.all(sent.map((each) => each.answer));
      for (const [i, { postId }] of pairs.entries()) {
        const state = await disagreements(postId);
        expect(state.disagreeing, `round ${round}: ${first} then ${second}`).toEqual([]);
        expect(state.likes).toBe(state.actors);
        // The second answers the count as it stands, not as it stood when it began.
        expect(answers[2 * i + 1]!.likesCount).toBe(state.likes);
      }
    }
  });

  it('agree after 16 members like and unlike at once, round after round', async () => {
    const post = await publish(ctx, author.client);
    for (let round = 0; round < 15; round++) {
      // Half the members start with the like, and each sends the opposite of theirs first.
      const starts = members.map((_, i) => (i + round) % 2 === 0);
      await Promise.all(
        members.map((member, i) => act(member, post.id, starts[i] ? 'like' : 'unlike')),
      );
      await Promise.all(
        members.flatMap((member, i) =>
          starts[i]
            ? [act(member, post.id, 'unlike'), act(member, post.id, 'like')]
            : [act(member, post.id, 'like'), act(member, post.id, 'unlike')],
        ),
      );
      const state = await disagreements(post.id);
      expect(state.disagreeing, `round ${round}`).toEqual([]);
      expect(state.likes).toBe(state.actors);
    }
  });
});
