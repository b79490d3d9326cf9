import {
  canEditBracket,
  ERROR_CODES,
  TOURNAMENT_MESSAGES,
  type createMapInputSchema,
  type GameMap,
  type MatchMaps,
  type matchMapsInputSchema,
} from '@devplay/shared';
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import { quote, recordAudit } from '../../db/audit';
import type { Db } from '../../db/client';
import type { Actor } from '../../plugins/auth';
import { maps, matchMaps, tournamentMatches } from '../../db/schema/index';
import { isForeignKeyViolation, violatedUniqueConstraint } from '../../lib/db-errors';
import { badRequest, conflict, notFound, enforceAdminPolicy } from '../../lib/errors';

const mapColumns = { id: maps.id, name: maps.name, description: maps.description };
const MAP_SLOTS = ['map1', 'map2', 'map3'] as const;

export async function listMaps(db: Db): Promise<GameMap[]> {
  return db.select(mapColumns).from(maps).orderBy(asc(maps.id));
}

/** Names are unique whatever their case (409). */
export async function createMap(
  db: Db,
  input: z.output<typeof createMapInputSchema>,
  actor: Actor,
): Promise<GameMap> {
  enforceAdminPolicy(canEditBracket(actor));
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(maps).values(input).returning(mapColumns);
      await recordAudit(tx, actor, {
        action: 'map.create',
        targetType: 'map',
        targetId: row!.id,
        summary: `Added map ${quote(row!.name)}`,
      });
      return row!;
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) === 'maps_name_lower_key') {
      throw conflict(TOURNAMENT_MESSAGES.mapNameTaken, ERROR_CODES.mapNameTaken, 'name');
    }
    throw error;
  }
}

const mapInUse = () => conflict(TOURNAMENT_MESSAGES.mapInUse, ERROR_CODES.mapInUse);

/** A map chosen for a match stays until it is taken off the match (409). */
export async function deleteMap(db: Db, id: number, actor: Actor) {
  enforceAdminPolicy(canEditBracket(actor));
  const [used] = await db
    .select({ matchId: matchMaps.matchId })
    .from(matchMaps)
    .where(or(eq(matchMaps.map1, id), eq(matchMaps.map2, id), eq(matchMaps.map3, id)))
    .limit(1);
  if (used) throw mapInUse();
  await db
    .transaction(async (tx) => {
      const [deleted] = await tx
        .delete(maps)
        .where(eq(maps.id, id))
        .returning({ id: maps.id, name: maps.name });
      if (!deleted) throw notFound(TOURNAMENT_MESSAGES.mapNotFound);
      await recordAudit(tx, actor, {
        action: 'map.delete',
        targetType: 'map',
        targetId: id,
        summary: `Deleted map ${quote(deleted.name)}`,
      });
    })
    .catch((error: unknown) => {
      // Chosen for a match meanwhile: the foreign key holds the line.
      throw isForeignKeyViolation(error) ? mapInUse() : error;
    });
}

export async function listMatchMaps(db: Db): Promise<MatchMaps[]> {
  return db
    .select({
      matchId: matchMaps.matchId,
      map1: matchMaps.map1,
      map2: matchMaps.map2,
      map3: matchMaps.map3,
    })
    .from(matchMaps)
    .orderBy(asc(matchMaps.matchId));
}

/** Up to 3 maps for a match; saved over the previous choice. */
export async function saveMatchMaps(
  db: Db,
  input: z.output<typeof matchMapsInputSchema>,
  actor: Actor,
): Promise<MatchMaps> {
  enforceAdminPolicy(canEditBracket(actor));
  const [match] = await db
    .select({
      id: tournamentMatches.id,
      round: tournamentMatches.round,
      matchIndex: tournamentMatches.matchIndex,
    })
    .from(tournamentMatches)
    .where(eq(tournamentMatches.id, input.matchId));
  if (!match) throw badRequest(TOURNAMENT_MESSAGES.matchNotFound, undefined, 'matchId');
  const chosen = MAP_SLOTS.filter((slot) => input[slot] !== null);
  const names = new Map<number, string>();
  if (chosen.length > 0) {
    const found = await db
      .select({ id: maps.id, name: maps.name })
      .from(maps)
      .where(
        inArray(
          maps.id,
          chosen.map((slot) => input[slot]!),
        ),
      );
    for (const map of found) names.set(map.id, map.name);
    const missing = chosen.find((slot) => !names.has(input[slot]!));
    if (missing) throw badRequest(TOURNAMENT_MESSAGES.mapNotFound, undefined, missing);
  }
  const row = { matchId: input.matchId, map1: input.map1, map2: input.map2, map3: input.map3 };
  const listed = MAP_SLOTS.map((slot) => (row[slot] === null ? '—' : names.get(row[slot])!));
  await db
    .transaction(async (tx) => {
      await tx
        .insert(matchMaps)
        .values(row)
        .onConflictDoUpdate({ target: matchMaps.matchId, set: row });
      await recordAudit(tx, actor, {
        action: 'match-maps.save',
        targetType: 'match',
        targetId: `${match.round}/${match.matchIndex}`,
        summary: `Maps of ${match.round} match ${match.matchIndex + 1}: ${listed.join(', ')}`,
      });
    })
    .catch((error: unknown) => {
      // The match or a map was deleted meanwhile.
      throw isForeignKeyViolation(error)
        ? badRequest(TOURNAMENT_MESSAGES.mapNotFound, undefined, 'matchId')
        : error;
    });
  return row;
}
