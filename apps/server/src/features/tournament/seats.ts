import { ERROR_CODES, TOURNAMENT_MESSAGES, type MatchValues, type Round } from '@devplay/shared';
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tournamentMatches, tournamentParticipants } from '../../db/schema/index';
import { badRequest, conflict } from '../../lib/errors';

/** Only tournament participants play (400, naming the slot). */
export async function assertParticipants(tx: Db, values: MatchValues) {
  const slots = (['team1Id', 'team2Id'] as const).filter((slot) => values[slot] !== null);
  if (slots.length === 0) return;
  const found = await tx
    .select({ userId: tournamentParticipants.userId })
    .from(tournamentParticipants)
    .where(
      inArray(
        tournamentParticipants.userId,
        slots.map((slot) => values[slot]!),
      ),
    );
  const known = new Set(found.map((row) => row.userId));
  const missing = slots.find((slot) => !known.has(values[slot]!));
  if (missing) throw badRequest(TOURNAMENT_MESSAGES.playerNotParticipant, undefined, missing);
}

/**
 * SPEC §3: each player plays one match of a round (round 1's four matches seat the eight), so a
 * player already in another match of the round is refused (409), naming the field that sent them.
 * Callers hold the bracket lock, so two saves at once cannot both seat one player.
 */
export async function assertFreeInRound(
  tx: Db,
  target: { round: Round; matchIndex: number },
  players: [field: string, id: number | null][],
) {
  const ids = players.flatMap(([, id]) => (id === null ? [] : [id]));
  if (ids.length === 0) return;
  const [busy] = await tx
    .select({ team1Id: tournamentMatches.team1Id, team2Id: tournamentMatches.team2Id })
    .from(tournamentMatches)
    .where(
      and(
        eq(tournamentMatches.round, target.round),
        ne(tournamentMatches.matchIndex, target.matchIndex),
        or(inArray(tournamentMatches.team1Id, ids), inArray(tournamentMatches.team2Id, ids)),
      ),
    )
    .limit(1);
  if (!busy) return;
  const [field] = players.find(([, id]) => id === busy.team1Id || id === busy.team2Id)!;
  throw conflict(TOURNAMENT_MESSAGES.playerBusyInRound, ERROR_CODES.playerBusyInRound, field);
}
