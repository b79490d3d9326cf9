import {
  canSetHolidays,
  dayLockedReason,
  ERROR_CODES,
  outsideLeaveWindow,
  type CalendarDay,
  type LeaveType,
  type SetLeaveInput,
} from '@devplay/shared';
import { and, asc, between, eq } from 'drizzle-orm';
import { recordAudit } from '../../db/audit';
import type { Db } from '../../db/client';
import { holidays, leaveDays } from '../../db/schema/index';
import { AppError, badRequest, enforceAdminPolicy } from '../../lib/errors';
import type { Actor } from '../../plugins/auth';

const holidayDay = (date: string): CalendarDay => ({ date, type: 'holiday', setByAdmin: true });
const leaveDay = (date: string, type: LeaveType): CalendarDay => ({
  date,
  type,
  setByAdmin: false,
});

type Range = { from: string; to: string };

/** The rows behind a range of the calendar, each kind in date order. */
async function rowsOf(db: Db, userId: number, range: Range) {
  const [holidayRows, leaveRows] = await Promise.all([
    db
      .select({ date: holidays.date })
      .from(holidays)
      .where(between(holidays.date, range.from, range.to))
      .orderBy(asc(holidays.date)),
    db
      .select({ date: leaveDays.date, type: leaveDays.type })
      .from(leaveDays)
      .where(and(eq(leaveDays.userId, userId), between(leaveDays.date, range.from, range.to)))
      .orderBy(asc(leaveDays.date)),
  ]);
  return { holidayRows, leaveRows };
}
export type CalendarRows = Awaited<ReturnType<typeof rowsOf>>;

/** The member's leave and everyone's holidays, one entry a day: a holiday outranks leave. */
export function daysOf({ holidayRows, leaveRows }: CalendarRows): CalendarDay[] {
  const holidayDates = new Set(holidayRows.map((row) => row.date));
  return [
    ...holidayRows.map((row) => holidayDay(row.date)),
    ...leaveRows
      .filter((row) => !holidayDates.has(row.date))
      .map((row) => leaveDay(row.date, row.type)),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** GET /calendar: never another member's days (SPEC §6: one's own calendar). */
export const listYear = async (db: Db, userId: number, year: number) =>
  daysOf(await rowsOf(db, userId, { from: `${year}-01-01`, to: `${year}-12-31` }));

async function isHoliday(db: Db, date: string) {
  const [row] = await db
    .select({ date: holidays.date })
    .from(holidays)
    .where(eq(holidays.date, date));
  return row !== undefined;
}

async function assertMemberMayChange(db: Db, date: string) {
  const refusal = dayLockedReason(date, { isHoliday: await isHoliday(db, date) });
  if (refusal) throw new AppError(403, ERROR_CODES.dayLocked, refusal, 'date');
}

/** Bounds what one member can store, and so the feed that shows it (LEAVE_WINDOW_YEARS). */
function assertInWindow(date: string) {
  const refusal = outsideLeaveWindow(date);
  if (refusal) throw badRequest(refusal, ERROR_CODES.validation, 'date');
}

export async function setLeave(db: Db, userId: number, input: SetLeaveInput) {
  assertInWindow(input.date);
  await assertMemberMayChange(db, input.date);
  await db
    .insert(leaveDays)
    .values({ userId, date: input.date, type: input.type })
    .onConflictDoUpdate({
      target: [leaveDays.userId, leaveDays.date],
      set: { type: input.type, updatedAt: new Date() },
    });
  return leaveDay(input.date, input.type);
}

export async function clearLeave(db: Db, userId: number, date: string) {
  await assertMemberMayChange(db, date);
  await db.delete(leaveDays).where(and(eq(leaveDays.userId, userId), eq(leaveDays.date, date)));
}

/** Idempotent: setting a holiday twice is one holiday. Any day may be one (SPEC §4). */
export async function setHoliday(db: Db, admin: Actor, date: string) {
  enforceAdminPolicy(canSetHolidays(admin));
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(holidays)
      .values({ date, setBy: admin.id })
      .onConflictDoNothing()
      .returning({ date: holidays.date });
    // Set already: nothing changed, nothing to record.
    if (added.length === 0) return;
    await recordAudit(tx, admin, {
      action: 'holiday.set',
      targetType: 'holiday',
      targetId: date,
      summary: `Set a holiday on ${date}`,
    });
  });
  return holidayDay(date);
}

/** Idempotent; members' leave hidden under the holiday shows again. */
export async function removeHoliday(db: Db, date: string, admin: Actor) {
  enforceAdminPolicy(canSetHolidays(admin));
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(holidays)
      .where(eq(holidays.date, date))
      .returning({ date: holidays.date });
    if (removed.length === 0) return;
    await recordAudit(tx, admin, {
      action: 'holiday.remove',
      targetType: 'holiday',
      targetId: date,
      summary: `Removed the holiday on ${date}`,
    });
  });
}
