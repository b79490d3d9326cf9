import { z } from 'zod';
import { CALENDAR_DAY_TYPES, CALENDAR_MESSAGES, LEAVE_TYPES } from './calendar-texts';
import { dateSchema, yearSchema } from './dates';
import { textInput } from './primitives';

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

export const dateParamSchema = z.object({ date: dateSchema });

/** GET /calendar.ics: the secret the member's feed URL carries; an unknown one is a 404. */
export const calendarFeedQuerySchema = z.object({ token: textInput().min(1).max(200) });

/** POST /calendar/ics-token: the new secret feed address; the previous one stops working. */
export const calendarFeedUrlSchema = z.object({ url: z.string() });
