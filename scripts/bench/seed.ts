import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema/index';
import { hashPassword } from '../../apps/server/src/lib/passwords';

export const BENCH_PASSWORD = 'Bench1!password';

/** Members bench1 … benchN, all confirmed, all with the same password (hashed once). */
export async function seedUsers(db: Db, count: number) {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `bench${i + 1}@example.com`,
    username: `bench${i + 1}`,
    fullName: `Bench Member ${i + 1}`,
    passwordHash,
    isVerified: true,
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(users).values(rows.slice(i, i + 500));
}

/** Each member follows `perUser` others at random. */
export async function seedFollows(db: Db, userCount: number, perUser: number) {
  await db.execute(sql`
    insert into follows (follower_id, following_id)
    select u.id, 1 + ((u.id + (random() * ${userCount - 2})::int) % ${userCount})
    from users u, generate_series(1, ${perUser})
    on conflict do nothing`);
  await db.execute(sql`delete from follows where follower_id = following_id`);
}

/**
 * `count` more posts by random authors, spread over the past year, each with a few likes and
 * comments, so the counts in the feed query have real rows to read.
 */
export async function seedPosts(db: Db, userCount: number, count: number) {
  const chunk = 10_000;
  for (let done = 0; done < count; done += chunk) {
    const n = Math.min(chunk, count - done);
    await db.execute(sql`
      insert into posts (author_id, title, description, video, created_at)
      select 1 + (random() * ${userCount - 1})::int, 'Bench post ' || g, 'A post written by the benchmark seeder.',
             'https://www.youtube.com/embed/dQw4w9WgXcQ', now() - random() * interval '365 days'
      from generate_series(1, ${n}) g`);
  }
  await db.execute(sql`
    insert into likes (post_id, user_id)
    select p.id, 1 + (random() * ${userCount - 1})::int
    from posts p, generate_series(1, 3)
    where p.id > (select coalesce(max(post_id), 0) from likes)
    on conflict do nothing`);
  await db.execute(sql`
    insert into comments (post_id, user_id, text)
    select p.id, 1 + (random() * ${userCount - 1})::int, 'Nice one!'
    from posts p
    where p.id > (select coalesce(max(post_id), 0) from comments)`);
  await db.execute(sql`analyze`);
}

/** Signs every seeded member in through the API and returns their access tokens. */
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
