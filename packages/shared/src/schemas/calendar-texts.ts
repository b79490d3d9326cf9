// Kept apart from the schemas so code that only needs these does not pull in zod.
import { DATE_MESSAGES } from './dates-texts';

/** SPEC §3: a calendar entry is a member's sick or unpaid day, or a holiday an admin set. */
export const CALENDAR_DAY_TYPES = ['holiday', 'sick', 'unpaid'] as const;
export type CalendarDayType = (typeof CALENDAR_DAY_TYPES)[number];
/** What members mark on their own days (SPEC §4's cycle); holidays are the admins'. */
export const LEAVE_TYPES = ['sick', 'unpaid'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];

/** SPEC §4: a member's click cycles empty → sick → unpaid → empty. */
export const nextLeaveType = (current: LeaveType | null): LeaveType | null =>
  current === null ? 'sick' : current === 'sick' ? 'unpaid' : null;

/**
 * The days a member may mark, counted from today (UTC), and the days the iCalendar feed shows.
 * A year back lets a sick day be recorded late and keeps the whole current year of the calendar
 * page open; two years ahead lets leave for next year be planned at any time of this one. So a
 * member holds at most about 783 working days, and a feed never spans more than three years.
 */
const LEAVE_WINDOW_YEARS = { back: 1, ahead: 2 } as const;

/** The first and last day ('YYYY-MM-DD') of the window on `today`; 29 February moves to 1 March. */
export function leaveWindow(today: Date = new Date()): { first: string; last: string } {
  const shifted = (years: number) =>
    new Date(Date.UTC(today.getUTCFullYear() + years, today.getUTCMonth(), today.getUTCDate()))
      .toISOString()
      .slice(0, 10);
  return { first: shifted(-LEAVE_WINDOW_YEARS.back), last: shifted(LEAVE_WINDOW_YEARS.ahead) };
}

export const CALENDAR_MESSAGES = {
  ...DATE_MESSAGES,
  leaveType: 'Choose sick or unpaid',
  weekendLocked: 'Weekends cannot be marked: leave is taken on working days.',
  holidayLocked: 'This day is a holiday set by an admin and cannot be changed.',
  outsideWindow: (first: string, last: string) =>
    `Leave can be marked from ${first} to ${last}: up to a year back and two years ahead.`,
  dayCleared: 'Day cleared',
  holidaySet: 'Holiday set',
  holidayRemoved: 'Holiday removed',
  feedNotFound: 'No calendar feed has this address; it may have been regenerated.',
  typeLabels: { holiday: 'Holiday', sick: 'Sick', unpaid: 'Unpaid' },
  /** The SUMMARY of each event in the iCalendar feed. */
  feedSummaries: { holiday: 'Holiday', sick: 'Sick leave', unpaid: 'Unpaid leave' },
} as const;
