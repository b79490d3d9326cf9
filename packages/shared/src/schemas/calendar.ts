import { z } from 'zod';
import { dateSchema, DATE_MESSAGES, yearSchema } from './dates';
import { textInput } from './primitives';

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

/** API.md `CalendarDay`. */
export const calendarDaySchema = z.object({
  date: z.string(),
  type: z.enum(CALENDAR_DAY_TYPES),
  setByAdmin: z.boolean(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;
export const calendarDayListSchema = z.array(calendarDaySchema);

/** GET /calendar: the year shown, the current one when omitted. */
export const calendarQuerySchema = z.object({ year: yearSchema.optional() });

export const setLeaveInputSchema = z.object({
  date: dateSchema,
  type: z.enum(LEAVE_TYPES, { error: CALENDAR_MESSAGES.leaveType }),
});
export type SetLeaveInput = z.infer<typeof setLeaveInputSchema>;

export const holidayInputSchema = z.object({ date: dateSchema });
export type HolidayInput = z.infer<typeof holidayInputSchema>;

export const dateParamSchema = z.object({ date: dateSchema });

/** GET /calendar.ics: the secret the member's feed URL carries; an unknown one is a 404. */
export const calendarFeedQuerySchema = z.object({ token: textInput().min(1).max(200) });

/** POST /calendar/ics-token: the new secret feed address; the previous one stops working. */
export const calendarFeedUrlSchema = z.object({ url: z.string() });
export type CalendarFeedUrl = z.infer<typeof calendarFeedUrlSchema>;
