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

export const CALENDAR_MESSAGES = {
  ...DATE_MESSAGES,
  leaveType: 'Choose sick or unpaid',
  weekendLocked: 'Weekends cannot be marked: leave is taken on working days.',
  holidayLocked: 'This day is a holiday set by an admin and cannot be changed.',
  dayCleared: 'Day cleared',
  holidaySet: 'Holiday set',
  holidayRemoved: 'Holiday removed',
  feedNotFound: 'No calendar feed has this address; it may have been regenerated.',
  typeLabels: { holiday: 'Holiday', sick: 'Sick', unpaid: 'Unpaid' },
  /** The SUMMARY of each event in the iCalendar feed. */
  feedSummaries: { holiday: 'Holiday', sick: 'Sick leave', unpaid: 'Unpaid leave' },
} as const;
