import type { Db } from '../db/client';
import { moveFeedVersion } from '../db/feed-version';
import type { BusMessage, EventBus } from './events';

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
