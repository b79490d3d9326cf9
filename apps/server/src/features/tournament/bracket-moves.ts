import { nextSlotOf, type MatchValues, type Round } from '@devplay/shared';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tournamentMatches } from '../../db/schema/index';
import { lockBracket } from './bracket-lock';
import { assertFreeInRound } from './seats';

export type MatchRow = typeof tournamentMatches.$inferSelect;
type Slot = 'team1Id' | 'team2Id';

export async function findMatch(tx: Db, round: Round, matchIndex: number) {
  const [row] = await tx
    .select()
    .from(tournamentMatches)
    .where(and(eq(tournamentMatches.round, round), eq(tournamentMatches.matchIndex, matchIndex)));
  return row;
}

/**
 * Puts a player (or nobody) into one slot of a match, making the match if there is none yet.
 * A player already in the other slot moves over. A player taken out takes the match's result
 * with them (the score and the winner were those of the old pairing), and its winner leaves the
 * round after it too. With `onlyIfHolds`, the slot is only changed while it still holds that
 * player (taking back an automatic advance).
 */
async function placeIntoSlot(
  tx: Db,
  target: { round: Round; matchIndex: number; slot: Slot },
  player: number | null,
  onlyIfHolds?: number,
) {
  const { round, matchIndex, slot } = target;
  const row = await findMatch(tx, round, matchIndex);
  if (!row) {
    if (player !== null)
      await tx.insert(tournamentMatches).values({ round, matchIndex, [slot]: player });
    return;
  }
  if (onlyIfHolds !== undefined && row[slot] !== onlyIfHolds) return;
  const replaced = row[slot];
  if (replaced === player) return;
  const other: Slot = slot === 'team1Id' ? 'team2Id' : 'team1Id';
  const update: Partial<MatchRow> = { [slot]: player, updatedAt: new Date() };
  if (player !== null && row[other] === player) update[other] = null;
  const resultGone = replaced !== null && (row.score !== null || row.winnerId !== null);
  if (resultGone) Object.assign(update, { score: null, winnerId: null });
  await tx.update(tournamentMatches).set(update).where(eq(tournamentMatches.id, row.id));
  if (resultGone) await advance(tx, round, matchIndex, row.winnerId, null);
}

/**
 * The result to save: as sent, unless a player of the saved match left it and the score sent is
 * still the old pairing's (the bracket sends the whole match back with one change), which then
 * goes with its winner.
 */
export function resultOf(before: MatchRow | undefined, values: MatchValues) {
  const players = [values.team1Id, values.team2Id];
  const someoneLeft =
    before !== undefined &&
    [before.team1Id, before.team2Id].some((id) => id !== null && !players.includes(id));
  if (someoneLeft && values.score === before.score) return { score: null, winnerId: null };
  return { score: values.score, winnerId: values.winnerId };
}

/** SPEC §4 beyond: a match's winner moves into the next round's slot (round1 i → round2 ⌊i/2⌋). */
export async function advance(
  tx: Db,
  round: Round,
  matchIndex: number,
  previousWinner: number | null,
  winner: number | null,
) {
  const next = nextSlotOf(round, matchIndex);
  if (!next) return;
  if (winner !== null) {
    await assertFreeInRound(tx, next, [['winnerId', winner]]);
    await placeIntoSlot(tx, next, winner);
  } else if (previousWinner !== null) await placeIntoSlot(tx, next, null, previousWinner);
}

/**
 * A member leaving the site leaves the bracket as a player taken out does: each match they
 * played loses its result, and a winner it sent on leaves the next round. Their slots would
 * empty by themselves (`set null`), their results would not.
 */
export async function leaveBracket(tx: Db, userId: number) {
  await lockBracket(tx);
  const played = await tx
    .select()
    .from(tournamentMatches)
    .where(or(eq(tournamentMatches.team1Id, userId), eq(tournamentMatches.team2Id, userId)));
  for (const { round, matchIndex, team1Id } of played) {
    const slot: Slot = team1Id === userId ? 'team1Id' : 'team2Id';
    await placeIntoSlot(tx, { round, matchIndex, slot }, null);
  }
}
