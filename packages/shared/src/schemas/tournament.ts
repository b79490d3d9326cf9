import { z } from 'zod';
import { dateSchema, timeSchema } from './dates';
import { fromDigits, idSchema, textInput } from './primitives';
import {
  MATCHES_PER_ROUND,
  parseScore,
  ROUNDS,
  type Round,
  TOURNAMENT_LIMITS,
  TOURNAMENT_MESSAGES,
} from './tournament-texts';
import { userSummarySchema } from './users';

/** 'a:b' with each side 0-99 ('07:3' is stored as '7:3'); '' or null is no score yet. */
export const scoreSchema = textInput({ error: TOURNAMENT_MESSAGES.scoreFormat })
  .trim()
  .max(5, { error: TOURNAMENT_MESSAGES.scoreFormat, abort: true })
  .regex(/^(\d{1,2}:\d{1,2})?$/, TOURNAMENT_MESSAGES.scoreFormat)
  .transform((value) => {
    const sides = parseScore(value);
    return sides ? `${sides[0]}:${sides[1]}` : null;
  });

const roundSchema = z.enum(ROUNDS, { error: TOURNAMENT_MESSAGES.round });
const matchIndexSchema = z
  .number({ error: 'Enter a match index' })
  .int('Enter a match index')
  .min(0, 'Enter a match index')
  .max(MATCHES_PER_ROUND.round1 - 1, TOURNAMENT_MESSAGES.matchIndex('round1'));
const optionalId = idSchema.nullish().transform((value) => value ?? null);

/** API.md `Participant`: a member taking part. */
export const participantSchema = userSummarySchema;
export type Participant = z.infer<typeof participantSchema>;
export const participantListSchema = z.array(participantSchema);
export const addParticipantInputSchema = z.object({ userId: idSchema });

/** API.md `Match`; matchIndex counts from 0 within its round. */
export const matchSchema = z.object({
  id: z.number().int(),
  round: z.enum(ROUNDS),
  matchIndex: z.number().int(),
  team1Id: z.number().int().nullable(),
  team2Id: z.number().int().nullable(),
  score: z.string().nullable(),
  matchDate: z.string().nullable(),
  matchTime: z.string().nullable(),
  winnerId: z.number().int().nullable(),
});
export type Match = z.infer<typeof matchSchema>;
export const matchListSchema = z.array(matchSchema);

/**
 * POST /tournament-match: the whole match, saved over whatever that round and index held (an
 * omitted or null field is empty). The checks here need nothing but the input itself.
 */
export const matchInputSchema = z
  .object({
    round: roundSchema,
    matchIndex: matchIndexSchema,
    team1Id: optionalId,
    team2Id: optionalId,
    score: scoreSchema.nullish().transform((value) => value ?? null),
    matchDate: dateSchema.nullish().transform((value) => value ?? null),
    matchTime: timeSchema.nullish().transform((value) => value ?? null),
    winnerId: optionalId,
  })
  .superRefine((match, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (match.matchIndex >= MATCHES_PER_ROUND[match.round])
      return issue('matchIndex', TOURNAMENT_MESSAGES.matchIndex(match.round));
    if (match.team1Id !== null && match.team1Id === match.team2Id)
      return issue('team2Id', TOURNAMENT_MESSAGES.samePlayers);
    if (match.winnerId === null) return;
    if (match.winnerId !== match.team1Id && match.winnerId !== match.team2Id)
      return issue('winnerId', TOURNAMENT_MESSAGES.winnerNotPlayer);
    const sides = parseScore(match.score);
    if (!sides) return issue('winnerId', TOURNAMENT_MESSAGES.winnerNeedsScore);
    if (sides[0] === sides[1]) return issue('winnerId', TOURNAMENT_MESSAGES.tieHasNoWinner);
    const winnerSide = match.winnerId === match.team1Id ? 0 : 1;
    const [winner, loser] = winnerSide === 0 ? sides : [sides[1], sides[0]];
    if (winner < loser) issue('score', TOURNAMENT_MESSAGES.scoreDisagrees);
  });
export type MatchValues = z.output<typeof matchInputSchema>;

/** DELETE /tournament-match/:round/:index */
export const matchParamSchema = z
  .object({
    round: roundSchema,
    index: fromDigits(matchIndexSchema),
  })
  .refine((params) => params.index < MATCHES_PER_ROUND[params.round], {
    path: ['index'],
    error: (issue) => TOURNAMENT_MESSAGES.matchIndex((issue.input as { round: Round }).round),
  });

/** API.md `Map`. */
export const mapSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type GameMap = z.infer<typeof mapSchema>;
export const mapListSchema = z.array(mapSchema);
export const createMapInputSchema = z.object({
  name: textInput({ error: TOURNAMENT_MESSAGES.mapName })
    .trim()
    .min(1, TOURNAMENT_MESSAGES.mapName)
    .max(TOURNAMENT_LIMITS.mapNameMax, TOURNAMENT_MESSAGES.mapName),
  description: textInput({ error: TOURNAMENT_MESSAGES.mapDescription })
    .trim()
    .max(TOURNAMENT_LIMITS.mapDescriptionMax, TOURNAMENT_MESSAGES.mapDescription)
    .default(''),
});
export type CreateMapInput = z.input<typeof createMapInputSchema>;

const MAP_SLOTS = ['map1', 'map2', 'map3'] as const;

/** API.md `MatchMaps`: map ids or null. */
export const matchMapsSchema = z.object({
  matchId: z.number().int(),
  map1: z.number().int().nullable(),
  map2: z.number().int().nullable(),
  map3: z.number().int().nullable(),
});
export type MatchMaps = z.infer<typeof matchMapsSchema>;
export const matchMapsListSchema = z.array(matchMapsSchema);

/** POST /match-maps: up to 3 maps of the pool for one match, none twice. */
export const matchMapsInputSchema = z
  .object({ matchId: idSchema, map1: optionalId, map2: optionalId, map3: optionalId })
  .superRefine((input, context) => {
    const seen = new Set<number>();
    for (const slot of MAP_SLOTS) {
      const mapId = input[slot];
      if (mapId === null) continue;
      if (seen.has(mapId))
        return context.addIssue({
          code: 'custom',
          path: [slot],
          message: TOURNAMENT_MESSAGES.mapsRepeat,
        });
      seen.add(mapId);
    }
  });

/** On the live socket, to every signed-in member: participants, matches or match maps changed. */
export type TournamentChangedEvent = { type: 'tournament:changed'; data: null };
