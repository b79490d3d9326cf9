import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { accountOf, transfer } from '../../apps/server/src/features/money/ledger-service';
import { grantWelcomeCredit } from '../../apps/server/src/features/money/service';
import { quietBus } from './quiet-bus';
import { queryRows, seedUsers } from './seed';

export const MEMBERS = 200;
const POSTS = 5_000;
const LIKES = 47_000;
const COMMENTS = 8_500;
const MESSAGES = 4_800;
const FOLLOWS_PER_MEMBER = 20;
const TRANSFERS = 600;
const WELCOME_CENTS = 10_000;
/** Every tenth member got no credit, so some transfers meet an empty account, as in life. */
const UNFUNDED_EVERY = 10;
/**
 * One member in this many blocks someone and one more mutes someone (5 % in all), each a popular
 * member, so the feed's relation filters and per-viewer caches are part of the mix.
 */
const RELATION_EVERY = 40;
/** How steeply likes fall with a post's rank: the top posts get hundreds, the tail a few. */
const LIKES_EXPONENT = 0.7;

/** What the clients need to know of the seeded data. */
export type MixWorld = {
  /** Members in seeding order: member i is bench{i + 1}. */
  memberIds: number[];
  /** Post ids, most popular first. */
  postIds: number[];
  /** Members who block someone, and who mute someone. */
  relations: { blocks: number; mutes: number };
};

/**
 * A 1-based rank in 1…n, k drawn with probability ln((k+1)/k) / ln(n+1): Zipf-like (about 1/k),
 * computed in SQL so seeding stays set-based.
 */
const zipfRank = (n: number) => sql`least(${n}, floor(exp(random() * ln(${n + 1}))))::int`;

/** Members by popularity: bench1 first, as the clients pick them (mix-kinds.ts). */
const members = sql`(select array_agg(id order by id) as ids from users) m`;

/** A 0-based index in 0…n-1 drawn as zipfRank draws its rank (less one). */
export const zipfPick = (n: number) =>
  Math.min(n, Math.floor(Math.exp(Math.random() * Math.log(n + 1)))) - 1;

/** The A of min(members, A·k^-s) likes for the post of rank k that sums to about LIKES. */
function likesScale() {
  const total = (a: number) => {
    let sum = 0;
    for (let k = 1; k <= POSTS; k++) sum += Math.min(MEMBERS - 1, a * k ** -LIKES_EXPONENT);
    return sum;
  };
  let [low, high] = [0, LIKES];
  for (let i = 0; i < 40; i++) {
    const middle = (low + high) / 2;
    if (total(middle) < LIKES) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * The mix's world in set-based SQL. Likes, comments and messages are inserted as rows, so the
 * triggers of migrations 0008 and 0010 keep posts' counters and members' unread counts as the
 * server would; money goes through the server's own ledger calls.
 */
export async function seedMix(db: Db): Promise<MixWorld> {
  const memberIds = await seedUsers(db, MEMBERS);
  const [popular, posts] = [zipfRank(MEMBERS), zipfRank(POSTS)];
  await db.execute(sql`
    insert into follows (follower_id, following_id)
    select follower, following from (
      select u.id as follower, m.ids[${popular}] as following
      from users u, ${members}, generate_series(1, ${FOLLOWS_PER_MEMBER})
    ) pairs
    where follower <> following
    on conflict do nothing`);
  // Popular members write more; the newest post is an hour old, past any publishing cooldown.
  await db.execute(sql`
    insert into posts (author_id, title, description, video, created_at)
    select m.ids[${popular}], 'Mix post ' || g, 'A post written by the mix seeder.',
           'https://www.youtube.com/embed/dQw4w9WgXcQ',
           now() - interval '1 hour' - (${POSTS} - g) * interval '8 minutes'
    from generate_series(1, ${POSTS}) g, ${members}`);
  const postIds = (
    await queryRows<{ id: number }>(db, sql`select id from posts order by random()`)
  ).map((row) => row.id);
  const rankOf = sql`(select id, ordinality as k
    from unnest(${`{${postIds.join(',')}}`}::int[]) with ordinality id)`;
  await db.execute(sql`
    insert into likes (post_id, user_id)
    select r.id, u.id from ${rankOf} r, users u
    where random() < least(1.0, ${likesScale()} * power(r.k, ${-LIKES_EXPONENT}) / ${MEMBERS - 1})`);
  await db.execute(sql`
    insert into comments (post_id, user_id, text, created_at)
    select r.id, m.ids[1 + floor(random() * ${MEMBERS})::int], 'Nice one! #' || c.g,
           p.created_at + interval '1 minute'
    from (select g, ${posts} as k from generate_series(1, ${COMMENTS}) g) c
    join ${rankOf} r on r.k = c.k
    join posts p on p.id = r.id, ${members}`);
  // Popular members receive most messages; four in five are read already.
  await db.execute(sql`
    insert into messages (sender_id, receiver_id, text, created_at, read_at)
    select sender, receiver, 'Hello #' || g, at, case when random() < 0.8 then at end
    from (
      select g, m.ids[${popular}] as receiver, m.ids[1 + floor(random() * ${MEMBERS})::int] as sender,
             now() - interval '1 hour' - (${MESSAGES} - g) * interval '5 minutes' as at
      from generate_series(1, ${MESSAGES}) g, ${members}
    ) pairs
    where sender <> receiver`);
  await seedMoney(db, memberIds);
  const relations = await seedRelations(db);
  await db.execute(sql`vacuum analyze`);
  return { memberIds, postIds, relations };
}

/** Blocks and mutes of popular members; a block ends the follows between the two, as the server does. */
async function seedRelations(db: Db) {
  const chosen = (offset: number) => sql`
    select u.id, m.ids[${zipfRank(MEMBERS)}] as other from users u, ${members}
    where u.id % ${RELATION_EVERY} = ${offset}`;
  await db.execute(sql`
    insert into blocks (blocker_id, blocked_id)
    select id, other from (${chosen(0)}) c where id <> other on conflict do nothing`);
  await db.execute(sql`
    insert into mutes (muter_id, muted_id)
    select id, other from (${chosen(RELATION_EVERY / 2)}) c where id <> other on conflict do nothing`);
  await db.execute(sql`
    delete from follows f using blocks b
    where (f.follower_id, f.following_id) in ((b.blocker_id, b.blocked_id), (b.blocked_id, b.blocker_id))`);
  const [counts] = await queryRows<{ blocks: number; mutes: number }>(
    db,
    sql`select (select count(*)::int from blocks) as blocks, (select count(*)::int from mutes) as mutes`,
  );
  return counts!;
}

async function seedMoney(db: Db, memberIds: number[]) {
  const accounts = [];
  for (const [i, id] of memberIds.entries()) {
    if (i % UNFUNDED_EVERY === UNFUNDED_EVERY - 1) accounts.push((await accountOf(db, id)).id);
    else {
      await grantWelcomeCredit(db, quietBus, id, WELCOME_CENTS);
      accounts.push((await accountOf(db, id)).id);
    }
  }
  const funded = accounts.filter((_, i) => i % UNFUNDED_EVERY !== UNFUNDED_EVERY - 1);
  for (let i = 0; i < TRANSFERS; i++) {
    const from = funded[Math.floor(Math.random() * funded.length)]!;
    // Zipf-like again: a few members are paid most often.
    const to = accounts[zipfPick(MEMBERS)]!;
    if (from === to) continue;
    await transfer(db, {
      fromAccountId: from,
      toAccountId: to,
      amountCents: 1 + Math.floor(Math.random() * 500),
      kind: 'transfer',
      note: 'Thanks!',
      idempotencyKey: `mix-seed-${i}`,
    });
  }
}
