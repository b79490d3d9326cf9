import { sql } from 'drizzle-orm';
import type { BusMessage, EventBus } from '../plugins/events';
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

/** What a write did to the feeds beyond moving them: a post it published, or only its counts. */
type FeedChange = Omit<Extract<BusMessage, { kind: 'feed' }>, 'kind'>;

/**
 * Called by a command whose write changes how a feed may read (a post, like, comment or follow
 * came or went, or a member with their content), once that write committed and before its answer
 * leaves. Unless only a post's counts moved (`counted`), which every feed read reads afresh, the
 * feed's version moves; then every process hears of it for the live feed (live-feed.ts). The
 * message is not the member's to wait for: Redis' acknowledgement may lag, and the bus logs a
 * failure to send it itself.
 */
export async function feedChanged(db: Db, events: Pick<EventBus, 'post'>, change: FeedChange = {}) {
  if (change.counted === undefined) await moveFeedVersion(db);
  void events.post({ kind: 'feed', ...change });
}
