import { leaveWindow } from '@devplay/shared';
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { ifNoneMatchHas } from '../../lib/etags';
import { inTurns } from '../../lib/in-turn';
import { keptValues } from '../../lib/kept-values';
import { feedOwner, rowsOfContent, type FeedOwner, type FeedWindow } from './feed-rows';
import { buildCalendarFeed } from './ics';
import { daysOf } from './service';

/**
 * A digest of everything the feed shows: the rows themselves (any day added, removed or retyped,
 * any holiday set or removed in the window changes them, whichever process made the change; the
 * rows have no id whose maximum could tell), the name, the window and the host. The token's hash
 * too, so a new address starts afresh. Weak: bodies built from the same rows differ in DTSTAMP.
 */
function etagOf(owner: FeedOwner, window: FeedWindow, host: string) {
  const parts = [owner.userId, owner.username, owner.tokenHash, host, window.first, window.last];
  const digest = createHash('sha256')
    .update(JSON.stringify([...parts, owner.content]))
    .digest('base64url');
  return `W/"${digest.slice(0, 27)}"`;
}

export type FeedAnswer =
  { status: 404 } | { status: 304; etag: string } | { status: 200; etag: string; body: string };

/**
 * The feed of a token. A calendar app asks every few minutes: a matching If-None-Match is a 304
 * without building, and a body built once per ETag is kept in this process, so a repeated read
 * is not built again.
 */
export function createFeedSource(db: Db, host: string) {
  const bodies = keptValues<string, string>({
    // An ETag names one body for good; time only frees the memory of feeds nobody reads.
    ttlMs: 10 * 60_000,
    now: Date.now,
    // The largest feed, every day of the window, is 1,097 events in 211 KB: under 7 MB in all.
    maxEntries: 32,
  });

  // One feed read at a time in this process, each in turns of the event loop: parallel reads
  // queue here, and every other request waits for one step of one read at most.
  const inTurn = inTurns();

  return (token: string, ifNoneMatch: string | undefined) => inTurn(() => read(token, ifNoneMatch));

  async function read(token: string, ifNoneMatch: string | undefined): Promise<FeedAnswer> {
    const window = leaveWindow();
    const owner = await feedOwner(db, token, window);
    if (!owner) return { status: 404 };
    const etag = etagOf(owner, window, host);
    if (ifNoneMatchHas(ifNoneMatch, etag)) return { status: 304, etag };
    const body = await bodies.get(etag, async () =>
      buildCalendarFeed({
        ownerId: owner.userId,
        ownerName: owner.username,
        days: daysOf(rowsOfContent(owner.content)),
        host,
      }),
    );
    return { status: 200, etag, body };
  }
}
