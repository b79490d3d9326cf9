import {
  CALENDAR_MESSAGES,
  dayLockedReason,
  daysInMonth,
  isoDate,
  nextLeaveType,
  outsideLeaveWindow,
  type CalendarDay,
  type CalendarDayType,
  type LeaveType,
} from '@devplay/shared';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** SPEC §9: 31 day columns, whatever the month. */
export const DAY_COLUMNS = Array.from({ length: 31 }, (_, index) => index + 1);

/** What one day shows: only holidays an admin set count as holidays (SPEC §4). */
export function shownType(day: CalendarDay | undefined): CalendarDayType | null {
  if (!day) return null;
  if (day.type === 'holiday') return day.setByAdmin ? 'holiday' : null;
  return day.type;
}

/** The year's entries by date, so a cell finds its own in one step. */
export const byDate = (days: readonly CalendarDay[]) =>
  new Map(days.map((day) => [day.date, day] as const));

/** Per-year totals for each type, for the legend. */
export function totalsOf(days: readonly CalendarDay[]): Record<CalendarDayType, number> {
  const totals = { holiday: 0, sick: 0, unpaid: 0 };
  for (const day of days) {
    const type = shownType(day);
    if (type) totals[type] += 1;
  }
  return totals;
}

/** Today as 'YYYY-MM-DD' in the member's own time zone. */
export function localToday(now = new Date()): string {
  return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** A day cell's accessible name: "3 March 2027, sick", plus weekend and today. */
export function dayLabel(
  date: { year: number; month: number; day: number },
  type: CalendarDayType | null,
  flags: { weekend: boolean; today: boolean },
): string {
  const parts = [`${date.day} ${MONTH_NAMES[date.month - 1]} ${date.year}`];
  if (type) parts.push(CALENDAR_MESSAGES.typeLabels[type].toLowerCase());
  if (flags.weekend) parts.push('weekend');
  if (flags.today) parts.push('today');
  return parts.join(', ');
}

/** What a click (or Enter) on a day asks of the server, or why it is refused at once. */
export type DayAction =
  | { kind: 'setLeave'; date: string; type: LeaveType }
  | { kind: 'clearLeave'; date: string }
  | { kind: 'setHoliday'; date: string }
  | { kind: 'removeHoliday'; date: string }
  | { kind: 'locked'; date: string; message: string };

/**
 * SPEC §4 calendar rules, as the shared policies state them: a member cycles empty → sick →
 * unpaid → empty on working days; one who sets holidays (`canSetHolidays`) removes a holiday
 * with a click and toggles one on any day with Shift+click. Leave is marked only within `window`
 * (the server's leave window), and cleared anywhere.
 */
export function actionFor(
  date: string,
  day: CalendarDay | undefined,
  {
    setsHolidays,
    toggleHoliday,
    window,
  }: { setsHolidays: boolean; toggleHoliday: boolean; window: { first: string; last: string } },
): DayAction {
  const type = shownType(day);
  const isHoliday = type === 'holiday';
  if (setsHolidays && (toggleHoliday || isHoliday)) {
    return isHoliday ? { kind: 'removeHoliday', date } : { kind: 'setHoliday', date };
  }
  const locked = dayLockedReason(date, { isHoliday });
  if (locked) return { kind: 'locked', date, message: locked };
  const next = nextLeaveType(type === 'sick' || type === 'unpaid' ? type : null);
  if (!next) return { kind: 'clearLeave', date };
  const outside = outsideLeaveWindow(date, window);
  if (outside)
    return type ? { kind: 'clearLeave', date } : { kind: 'locked', date, message: outside };
  return { kind: 'setLeave', date, type: next };
}

/** The entry a day holds once the action has been applied (the optimistic view). */
export function dayAfter(action: DayAction): CalendarDay | null {
  switch (action.kind) {
    case 'setLeave':
      return { date: action.date, type: action.type, setByAdmin: false };
    case 'setHoliday':
      return { date: action.date, type: 'holiday', setByAdmin: true };
    default:
      return null;
  }
}

export interface DayPosition {
  month: number;
  day: number;
}

/**
 * Where an arrow key moves the focus in the year grid: left and right step through the days
 * (across month ends), up and down keep the day of the month (the last day when it is shorter),
 * Home and End go to the month's first and last day. Null at the year's edges or for other keys.
 */
export function moveFocus(year: number, from: DayPosition, key: string): DayPosition | null {
  const length = (month: number) => daysInMonth(year, month);
  const { month, day } = from;
  switch (key) {
    case 'ArrowRight':
      if (day < length(month)) return { month, day: day + 1 };
      return month < 12 ? { month: month + 1, day: 1 } : null;
    case 'ArrowLeft':
      if (day > 1) return { month, day: day - 1 };
      return month > 1 ? { month: month - 1, day: length(month - 1) } : null;
    case 'ArrowDown':
      return month < 12 ? { month: month + 1, day: Math.min(day, length(month + 1)) } : null;
    case 'ArrowUp':
      return month > 1 ? { month: month - 1, day: Math.min(day, length(month - 1)) } : null;
    case 'Home':
      return { month, day: 1 };
    case 'End':
      return { month, day: length(month) };
    default:
      return null;
  }
}
