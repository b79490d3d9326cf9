import { CALENDAR_MESSAGES, isWeekend } from '@devplay/shared';

/**
 * SPEC §4: members mark their own working days only; weekends and the holidays admins set are not
 * theirs to change. Answers why a day is locked, or null when the member may mark it.
 */
export function leaveRefusal(date: string, isHoliday: boolean): string | null {
  if (isHoliday) return CALENDAR_MESSAGES.holidayLocked;
  if (isWeekend(date)) return CALENDAR_MESSAGES.weekendLocked;
  return null;
}
