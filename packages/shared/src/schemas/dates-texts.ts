// Kept apart from the schemas so code that only needs these does not pull in zod.
/**
 * Calendar dates as the API carries them ('YYYY-MM-DD', SPEC §3), for the leave calendar and the
 * bracket's match dates. Years are bounded so that a calendar or a feed never spans centuries.
 */
export const DATE_LIMITS = { yearMin: 2000, yearMax: 2100 } as const;

export const DATE_MESSAGES = {
  format: 'Enter a date as YYYY-MM-DD',
  notReal: 'This date does not exist',
  yearRange: `Pick a year from ${DATE_LIMITS.yearMin} to ${DATE_LIMITS.yearMax}`,
  timeFormat: 'Enter a time as HH:MM (24-hour)',
} as const;

/** 'YYYY-MM-DD' with its year, month and day captured; dateParts checks that the day exists. */
export const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days in a month (1-12) of a year, leap years included. */
export const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The parts of a 'YYYY-MM-DD' string, or null when it names no day of the calendar. */
export function dateParts(value: string): { year: number; month: number; day: number } | null {
  const match = DATE_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** 'YYYY-MM-DD' of a year, month (1-12) and day. */
export const isoDate = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Saturday or Sunday; the date must be a real one. */
export function isWeekend(date: string): boolean {
  const parts = dateParts(date);
  if (!parts) return false;
  const weekday = new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}
