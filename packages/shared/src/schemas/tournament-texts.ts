// Kept apart from the schemas so code that only needs these does not pull in zod.
/** SPEC §3 and §9: round1 has 4 matches, round2 has 2, the final 1 (7 in all). */
export const ROUNDS = ['round1', 'round2', 'final'] as const;
export type Round = (typeof ROUNDS)[number];
export const MATCHES_PER_ROUND: Record<Round, number> = { round1: 4, round2: 2, final: 1 };

export const TOURNAMENT_LIMITS = {
  /** SPEC §5 and §9: each side of a score is 0-99. */
  scoreMax: 99,
  /** SPEC §9: up to 3 maps per match. */
  mapsPerMatch: 3,
  mapNameMax: 50,
  mapDescriptionMax: 500,
  /** SPEC §3: round 1's four matches seat eight players, each in one match. */
  participantsMax: MATCHES_PER_ROUND.round1 * 2,
} as const;

/** SPEC §2: the map pool the rules name (seeded as Map rows by a migration). */
export const MAP_POOL = ['Brewery', 'Dogtown', 'Overpass', 'Vertigo', 'Nuke', 'Inferno'] as const;
/** SPEC §9: the languages of the rules. */
export const RULES_LANGUAGES = ['en', 'ru', 'de', 'pl', 'cz'] as const;
export type RulesLanguage = (typeof RULES_LANGUAGES)[number];

export const TOURNAMENT_MESSAGES = {
  userNotFound: 'User not found',
  alreadyParticipant: 'This member is already a participant.',
  notParticipant: 'This member is not a participant.',
  participantInBracket:
    'This participant plays in the bracket: take them out of their matches first.',
  participantRemoved: 'Participant removed',
  tournamentFull: `The bracket has room for ${TOURNAMENT_LIMITS.participantsMax} participants: remove one first.`,
  playerNotParticipant: 'Players must be tournament participants.',
  samePlayers: 'A player cannot play against themself.',
  playerBusyInRound: 'This player already plays another match of this round.',
  winnerNotPlayer: 'The winner must be one of the two players.',
  scoreFormat: `Enter the score as a:b, each side from 0 to ${TOURNAMENT_LIMITS.scoreMax}`,
  dateFormat: 'Enter the date as dd.mm.yyyy',
  timeFormat: 'Enter the time as hh:mm, 24-hour',
  scoreDisagrees: 'The winner must have the higher score.',
  tieHasNoWinner: 'A tied score has no winner.',
  winnerNeedsScore: 'Enter the score before marking a winner.',
  round: 'Round must be round1, round2 or final',
  matchIndex: (round: Round) =>
    `${round} has matches 0 to ${MATCHES_PER_ROUND[round] - 1} (counted from 0)`,
  matchNotFound: 'No such match.',
  matchDeleted: 'Match deleted',
  bracketReset: 'Bracket reset',
  /** Said as other lists say it: the server's own words ("Internal server error") help nobody. */
  errorLoadingBracket: 'Error loading the bracket',
  mapName: `Enter a map name (1–${TOURNAMENT_LIMITS.mapNameMax} characters)`,
  mapDescription: `A map description can be at most ${TOURNAMENT_LIMITS.mapDescriptionMax} characters`,
  mapNameTaken: 'A map with this name already exists.',
  mapNotFound: 'No such map.',
  mapInUse: 'This map is chosen for a match: remove it from the match first.',
  mapDeleted: 'Map deleted',
  mapsRepeat: 'Pick a different map for each game of a match.',
} as const;

/** Where a match's winner plays next (SPEC §4 bracket), or null after the final. */
export function nextSlotOf(
  round: Round,
  matchIndex: number,
): { round: Round; matchIndex: number; slot: 'team1Id' | 'team2Id' } | null {
  if (round === 'final') return null;
  return {
    round: round === 'round1' ? 'round2' : 'final',
    matchIndex: Math.floor(matchIndex / 2),
    slot: matchIndex % 2 === 0 ? 'team1Id' : 'team2Id',
  };
}

/** The two sides of an 'a:b' score, or null for no score. */
export function parseScore(score: string | null | undefined): [number, number] | null {
  const match = score ? /^(\d{1,2}):(\d{1,2})$/.exec(score) : null;
  return match ? [Number(match[1]), Number(match[2])] : null;
}
