import type { NotificationPage } from '@devplay/shared';
import { writeCountOf, type Db } from '../../db/client';
import { firstPageState, type FirstPageState } from '../../db/notification-groups';
import { perDatabase } from '../../db/per-database';
import { keptUntilWrite } from '../../db/writes';
import { setNewest } from '../../lib/newest-first-out';

/** First pages kept in one process: one per member and shape asked for (≈ 8 KB each). */
const MAX_PAGES = 2_000;

type Kept = { state: FirstPageState; page: Omit<NotificationPage, 'unread'> };
type Shape = { limit: number; unreadOnly: boolean };

const keptOf = perDatabase(() => new Map<string, Kept>());

const keyOf = (userId: number, { limit, unreadOnly }: Shape) => `${userId}:${limit}:${unreadOnly}`;

/**
 * On PGlite every write passes through this process and is counted (db/writes.ts): a state asked
 * again while the count stands where it stood is answered again, with no statement.
 */
const stateReaderOf = perDatabase((db) => {
  const read = (userId: number, shape: Shape) => firstPageState(db, userId, shape);
  const writes = writeCountOf(db);
  return writes ? keptUntilWrite(writes, MAX_PAGES, keyOf, read) : read;
});

const same = (a: FirstPageState, b: FirstPageState) =>
  a.version === b.version && a.shown === b.shown;

/**
 * A member's first page of notifications, kept while what it shows holds: every insert and update
 * of a group stamps it with a new value of a sequence, and a change to a post, comment, match or
 * actor a group names moves the member's version (migration 0017). A request reads those in one
 * statement without the subjects' joins and answers from the kept page when they match, so a
 * member sees their own reads and everyone's likes on whichever process serves them. The stamps
 * are compared row by row, not as a maximum: a change committed after a later-stamped one still
 * shows.
 */
export async function firstPage(
  db: Db,
  userId: number,
  shape: Shape,
  read: () => Promise<NotificationPage>,
): Promise<NotificationPage> {
  const pages = keptOf(db);
  const key = keyOf(userId, shape);
  // One group past the page: whether a next page exists.
  const state = await stateReaderOf(db)(userId, { ...shape, limit: shape.limit + 1 });
  const kept = pages.get(key);
  if (kept && same(kept.state, state)) {
    // The unread count may move without the page, so the state kept is the one just read.
    kept.state = state;
    return { ...kept.page, unread: state.unread };
  }
  // Read after the state: it holds at least what the state does, so keeping it under that state
  // can only make the next request read it again, never answer an older page.
  const { unread, ...page } = await read();
  setNewest(pages, key, { state, page }, MAX_PAGES);
  return { ...page, unread };
}
