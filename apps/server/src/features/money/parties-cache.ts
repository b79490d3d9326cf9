import type { Db } from '../../db/client';
import { keptValues } from '../../lib/kept-values';
import { partiesOf, type Parties } from './statements';

/**
 * The sender's account and the recipient by name, kept for a moment: a member who
 * pays someone tends to pay them again, and the lookup was one of a transfer's two round trips.
 * Routes forget it whenever a member changes or leaves (the event bus, every process): a new
 * privacy setting, a block or an unblock is such a change. The short lifetime bounds what a lost
 * bus message could leave stale, and `money_transfers` itself refuses an account whose member
 * has left. Only a recipient who takes money from everyone is kept: whether one who takes it
 * from whom they follow takes it from this sender moves with every follow, which no message
 * announces.
 */
const PARTIES_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export type FindParties = (senderId: number, userName: string) => Promise<Parties | null>;

export function createPartiesCache(db: Db, ttlMs = PARTIES_TTL_MS, now = Date.now) {
  const kept = keptValues<string, Parties | null>({
    ttlMs,
    now,
    maxEntries: MAX_ENTRIES,
    // An unknown name may be taken at any moment; an account not opened yet opens on this transfer.
    keep: (parties) =>
      parties !== null &&
      parties.fromAccountId !== null &&
      parties.toAccountId !== null &&
      parties.refusal === null &&
      parties.openToAll,
  });
  const find: FindParties = (senderId, userName) =>
    // The name as sent: case variants are kept apart rather than folded differently from SQL.
    kept.get(`${senderId}:${userName}`, () => partiesOf(db, senderId, userName));
  return { find, forget: kept.forget };
}
