import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The feed's version as a number: 0 until the first write moves it (a new sequence's
 * `last_value` is its start before any `nextval`, so that alone could not tell the two apart).
 */
export const feedVersionNow = sql<number>`(select case when is_called then last_value else 0 end::float8 from feed_version)`;

/**
 * Moves the feed's version (schema/posts.ts), after the write committed and before its answer
 * leaves: the writer's next request, on any process, reads a version its page cannot carry.
 */
export async function moveFeedVersion(db: Db) {
  await db.execute(sql`select nextval('feed_version')`);
}
