import { isWeekend } from '@devplay/shared';

/** 'YYYY-MM-DD' `n` days after `date` (before it when `n` is negative). */
export function addDays(date: string, n: number) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + n);
  return day.toISOString().slice(0, 10);
}

/** Every working day from `first` to `last`, both included. */
export function workingDaysBetween(first: string, last: string) {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) if (!isWeekend(day)) days.push(day);
  return days;
}

/** Next year lies in the leave window whatever today is, so tests that mark days use it. */
export const NEXT_YEAR = new Date().getUTCFullYear() + 1;

const firstWednesday = (() => {
  let day = `${NEXT_YEAR}-03-01`;
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 3) day = addDays(day, 1);
  return day;
})();

/** The first week of March next year that starts on a Wednesday, by name. */
export const WEEK = {
  wednesday: firstWednesday,
  thursday: addDays(firstWednesday, 1),
  friday: addDays(firstWednesday, 2),
  saturday: addDays(firstWednesday, 3),
  sunday: addDays(firstWednesday, 4),
} as const;
