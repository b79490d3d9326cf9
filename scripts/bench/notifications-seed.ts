import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { notify, type NotificationEvent } from '../../apps/server/src/db/notifications';
import { queryRows, seedUsers } from './seed';

/** The star (bench1) and everyone who follows them: 2,000 followers need 2,001 members. */
export const MEMBERS = 2_001;
export const STAR_POSTS = 500;
export const LIKES_PER_POST = 20;
/**
 * bench2 … bench51 like and unlike during the bench; they liked nothing before it, so each of
 * their likes joins a group (like, unlike, like notifies again while the group is unread).
 */
export const LIKERS = 50;
/** Events recorded at once on PostgreSQL; PGlite runs one statement at a time anyway. */
const SEED_CONCURRENCY = 4;

export type Star = { ids: number[]; postIds: number[] };

/** The star's groups as the database holds them, for the checks. */
export async function starGroups(db: Db, starId: number) {
  const [row] = await queryRows<{ groups: number; likeGroups: number; actors: number }>(
    db,
    sql`select count(*)::int as groups, (count(*) filter (where type = 'like'))::int as "likeGroups",
          coalesce(sum(actors_count), 0)::int as actors
        from notifications where user_id = ${starId}`,
  );
  return row!;
}

/**
 * The star's 500 posts with 20 likes each (10,000) by members other than the likers, and 2,000
 * followers. The rows go in set-based; the notifications go through the server's own writer
 * (`notify`), one event at a time in a shuffled order, as the likes and follows would have
 * arrived: the groups, their actors and counters are the ones the server would have made.
 */
export async function seedStar(db: Db): Promise<Star> {
  const ids = await seedUsers(db, MEMBERS);
  const star = ids[0]!;
  const seededLikers = ids.slice(1 + LIKERS);
  const postIds = (
    await queryRows<{ id: number }>(
      db,
      sql`insert into posts (author_id, title, description, video, created_at)
          select ${star}::int, 'Star post ' || g, 'A post of the notifications bench.',
                 'https://www.youtube.com/embed/dQw4w9WgXcQ',
                 now() - interval '1 day' + g * interval '1 minute'
          from generate_series(1, ${STAR_POSTS}) g
          returning id`,
    )
  ).map((row) => row.id);

  // Post i is liked by the block of 20 seeded likers starting at 20·i, wrapping around.
  const likes = postIds.flatMap((postId, i) =>
    Array.from({ length: LIKES_PER_POST }, (_, k) => ({
      postId,
      userId: seededLikers[(i * LIKES_PER_POST + k) % seededLikers.length]!,
    })),
  );
  await db.execute(sql`
    insert into likes (post_id, user_id)
    select * from unnest(${`{${likes.map((l) => l.postId).join(',')}}`}::int[],
                         ${`{${likes.map((l) => l.userId).join(',')}}`}::int[])`);
  const followers = ids.slice(1);
  await db.execute(sql`
    insert into follows (follower_id, following_id)
    select unnest(${`{${followers.join(',')}}`}::int[]), ${star}::int`);

  const events: NotificationEvent[] = [
    ...likes.map(({ postId, userId }) => ({
      type: 'like' as const,
      recipients: [star],
      actor: userId,
      subjectKey: postId,
      postId,
    })),
    ...followers.map((actor) => ({
      type: 'follow' as const,
      recipients: [star],
      actor,
      subjectKey: 0,
    })),
  ];
  for (let i = events.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [events[i], events[j]] = [events[j]!, events[i]!];
  }
  let next = 0;
  await Promise.all(
    Array.from({ length: SEED_CONCURRENCY }, async () => {
      while (next < events.length) await notify(db, events[next++]!);
    }),
  );
  await db.execute(sql`vacuum analyze`);
  return { ids, postIds };
}
