import {
  DATE_LIMITS,
  MATCHES_PER_ROUND,
  parseScore,
  ROUNDS,
  TOURNAMENT_LIMITS,
  type Match,
  type Round,
} from '@devplay/shared';

/** A slot with no saved match yet: everything empty. */
const emptyMatch = (round: Round, matchIndex: number): Match => ({
  id: -1,
  round,
  matchIndex,
  team1Id: null,
  team2Id: null,
  score: null,
  matchDate: null,
  matchTime: null,
  winnerId: null,
});

/** The 4 + 2 + 1 slots of the bracket (SPEC §9), each with its match or an empty one. */
export function bracketOf(matches: readonly Match[]) {
  return ROUNDS.map((round) => ({
    round,
    matches: Array.from(
      { length: MATCHES_PER_ROUND[round] },
      (_, index) =>
        matches.find((match) => match.round === round && match.matchIndex === index) ??
        emptyMatch(round, index),
    ),
  }));
}

/** The two sides of a score as the inputs show them ('' for none). */
export function scoreSides(score: string | null): [string, string] {
  const sides = parseScore(score);
  return sides ? [String(sides[0]), String(sides[1])] : ['', ''];
}

/** For each side, whether it is ahead on the score (and so may be marked the winner). */
export function sidesAhead(score: string | null): [boolean, boolean] {
  const sides = parseScore(score);
  return sides ? [sides[0] > sides[1], sides[1] > sides[0]] : [false, false];
}

/** A side typed by an admin: a whole number 0-99, '' for none, or null when it is neither. */
export function readSide(text: string): number | '' | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= TOURNAMENT_LIMITS.scoreMax ? value : null;
}

/** The 'a:b' to save from two sides (a missing side counts as 0), or null for no score. */
export function scoreOf(a: number | '', b: number | ''): string | null {
  if (a === '' && b === '') return null;
  return `${a === '' ? 0 : a}:${b === '' ? 0 : b}`;
}

/** '2027-03-12' as "12.03.2027": SPEC §3's day.month.year, as every other date reads. */
export function formatMatchDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

/** A date input's value worth saving: a full date within the calendar's years. */
export function isSavableDate(value: string) {
  const year = Number(value.slice(0, 4));
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) && year >= DATE_LIMITS.yearMin && year <= DATE_LIMITS.yearMax
  );
}
