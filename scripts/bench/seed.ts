import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema/index';
import { hashPassword } from '../../apps/server/src/lib/passwords';

export const BENCH_PASSWORD = 'Bench1!password';

/** Rows of a raw query; PGlite and node-postgres both answer `{ rows }`. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A random seeded member, for set-based SQL: `${randomMember}` with `members` in FROM. */
const randomMember = sql`members.ids[1 + floor(random() * cardinality(members.ids))::int]`;
const members = sql`(select array_agg(id) as ids from users) members`;

/** Members bench1 … benchN, confirmed, all with one password (hashed once); their ids in order. */
export async function seedUsers(db: Db, count: number) {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const ids: number[] = [];
  for (let first = 1; first <= count; first += 500) {
    const rows = Array.from({ length: Math.min(500, count - first + 1) }, (_, i) => ({
      email: `bench${first + i}@example.com`,
      username: `bench${first + i}`,
      fullName: `Bench Member ${first + i}`,
      passwordHash,
      isVerified: true,
    }));
    const inserted = await db.insert(users).values(rows).returning({ id: users.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Each member follows about `perMember` others at random. */
export async function seedFollows(db: Db, perMember: number) {
  await db.execute(sql`
    insert into follows (follower_id, following_id)
    select follower, following from (
      select u.id as follower, ${randomMember} as following
      from users u, ${members}, generate_series(1, ${perMember})
    ) pairs
    where follower <> following
    on conflict do nothing`);
}

/** Rows per statement: big enough to be set-based, small enough for PGlite's memory. */
const POSTS_PER_STATEMENT = 100_000;

/**
 * `count` more posts by random members, three likes and a comment each, so the feed has real
 * rows to read. Set-based SQL (generate_series), never rows sent from here: 1,000,000 posts take
 * minutes, not hours. Each post is 100 ms newer than the one before, as real posts arrive in time
 * order (so newest-first pages sit together on disk), and VACUUM leaves no dead rows behind.
 */
export async function seedPosts(db: Db, count: number) {
  for (let done = 0; done < count; done += POSTS_PER_STATEMENT) {
    const [newest] = await queryRows<{ id: number }>(
      db,
      sql`select coalesce(max(id), 0)::int as id from posts`,
    );
    const last = newest!.id;
    await db.execute(sql`
      insert into posts (author_id, title, description, video, created_at)
      select ${randomMember}, 'Bench post ' || g, 'A post written by the benchmark seeder.',
             'https://www.youtube.com/embed/dQw4w9WgXcQ', newest.at + g * interval '100 milliseconds'
      from generate_series(1, ${Math.min(POSTS_PER_STATEMENT, count - done)}) g, ${members},
           (select coalesce(max(created_at), now() - interval '30 days') as at from posts) newest`);
    await db.execute(sql`
      insert into likes (post_id, user_id)
      select p.id, ${randomMember} from posts p, ${members}, generate_series(1, 3)
      where p.id > ${last}
      on conflict do nothing`);
    await db.execute(sql`
      insert into comments (post_id, user_id, text)
      select p.id, ${randomMember}, 'Nice one!' from posts p, ${members}
      where p.id > ${last}`);
  }
  await db.execute(sql`vacuum analyze`);
}

/** Signs the first `count` seeded members in through the API; their access tokens in order. */
export async function signInAll(baseUrl: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 1; i <= count; i++) {
    const response = await fetch(`${baseUrl}/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench${i}@example.com`, password: BENCH_PASSWORD }),
    });
    if (!response.ok) throw new Error(`sign-in of bench${i} failed: ${response.status}`);
    tokens.push(((await response.json()) as { token: string }).token);
  }
  return tokens;
}
