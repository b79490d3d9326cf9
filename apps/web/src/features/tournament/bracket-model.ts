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

const pad2 = (value: number) => String(value).padStart(2, '0');

/**
 * A date typed as the site shows dates, dd.mm.yyyy (a one-digit day or month too), as the API's
 * yyyy-mm-dd; null for anything else, a day the month lacks, or a year outside the calendar's.
 */
export function readMatchDate(text: string): string | null {
  const parts = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text.trim());
  if (!parts) return null;
  const [day, month, year] = parts.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < DATE_LIMITS.yearMin || year > DATE_LIMITS.yearMax) return null;
  return `${parts[3]}-${pad2(month)}-${pad2(day)}`;
}

/** A 24-hour time typed as 18:30, 18.30 (a phone's number pad has a dot) or 1830, as HH:MM. */
export function readMatchTime(text: string): string | null {
  const parts = /^(\d{1,2})[:.]?(\d{2})$/.exec(text.trim());
  if (!parts) return null;
  const [hours, minutes] = [Number(parts[1]), Number(parts[2])];
  return hours < 24 && minutes < 60 ? `${pad2(hours)}:${pad2(minutes)}` : null;
}
