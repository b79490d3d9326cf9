import {
  ERROR_CODES,
  LIMITS,
  type CalendarDay,
  type LeaveType,
  type SetLeaveInput,
} from '@devplay/shared';
import { and, asc, between, eq } from 'drizzle-orm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { recordAudit, type AuditActor } from '../../db/audit';
import type { Db } from '../../db/client';
import { calendarFeeds, holidays, leaveDays, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { leaveRefusal } from './policy';

const holidayDay = (date: string): CalendarDay => ({ date, type: 'holiday', setByAdmin: true });
const leaveDay = (date: string, type: LeaveType): CalendarDay => ({
  date,
  type,
  setByAdmin: false,
});

/** The member's leave and everyone's holidays, one entry a day: a holiday outranks leave. */
async function daysOf(db: Db, userId: number, range?: { from: string; to: string }) {
  const [holidayRows, leaveRows] = await Promise.all([
    db
      .select({ date: holidays.date })
      .from(holidays)
      .where(range ? between(holidays.date, range.from, range.to) : undefined),
    db
      .select({ date: leaveDays.date, type: leaveDays.type })
      .from(leaveDays)
      .where(
        and(
          eq(leaveDays.userId, userId),
          range ? between(leaveDays.date, range.from, range.to) : undefined,
        ),
      )
      .orderBy(asc(leaveDays.date)),
  ]);
  const holidayDates = new Set(holidayRows.map((row) => row.date));
  return [
    ...holidayRows.map((row) => holidayDay(row.date)),
    ...leaveRows
      .filter((row) => !holidayDates.has(row.date))
      .map((row) => leaveDay(row.date, row.type)),
  ].sort((a, b) => a.date.localeCompare(b.date));
}

/** GET /calendar: never another member's days (SPEC §6: one's own calendar). */
export const listYear = (db: Db, userId: number, year: number) =>
  daysOf(db, userId, { from: `${year}-01-01`, to: `${year}-12-31` });

async function isHoliday(db: Db, date: string) {
  const [row] = await db
    .select({ date: holidays.date })
    .from(holidays)
    .where(eq(holidays.date, date));
  return row !== undefined;
}

async function assertMemberMayChange(db: Db, date: string) {
  const refusal = leaveRefusal(date, await isHoliday(db, date));
  if (refusal) throw new AppError(403, ERROR_CODES.dayLocked, refusal, 'date');
}

export async function setLeave(db: Db, userId: number, input: SetLeaveInput) {
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
export async function setHoliday(db: Db, admin: AuditActor, date: string) {
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
export async function removeHoliday(db: Db, date: string, admin: AuditActor) {
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

/**
 * The feed's secret: `<userId>.<32 random bytes, base64url>`. The id finds the row; only the
 * SHA-256 of the secret is stored, and it is compared in constant time.
 */
const TOKEN_PATTERN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest();

export async function issueFeedToken(db: Db, userId: number) {
  const secret = randomBytes(32).toString('base64url');
  const tokenHash = hashSecret(secret).toString('hex');
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash, createdAt: new Date() },
    });
  return `${userId}.${secret}`;
}

/** The member a feed token belongs to, or null for a malformed, unknown or replaced one. */
export async function feedOwner(db: Db, token: string) {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  if (userId < 1 || userId > LIMITS.idMax) return null;
  const [row] = await db
    .select({ tokenHash: calendarFeeds.tokenHash, username: users.username })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.userId, userId));
  if (!row) return null;
  const stored = Buffer.from(row.tokenHash, 'hex');
  const given = hashSecret(match[2]!);
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return null;
  return { userId, username: row.username };
}

/** Everything the feed shows: all the member's leave and all holidays. */
export const feedDays = (db: Db, userId: number) => daysOf(db, userId);
