import { LIMITS } from '@devplay/shared';
import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from './errors';

/** A page boundary: the (time, id) of the last row served, as Postgres wrote the time. */
export type Cursor = { t: string; id: number };

/** Exactly what `cursorTime` writes: UTC, microseconds, a `Z`. */
const CURSOR_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;

/** A day that exists (no February 30th), in a year PostgreSQL takes (it has no year 0). */
function isCalendarDay(time: string) {
  const [, year, month, day] = (CURSOR_TIME.exec(time) ?? []).map(Number);
  if (!year || !month || !day) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

// A cursor comes back from the client, so it is read as hostile: only the exact shape this file
// writes gets through, since anything else that JavaScript reads PostgreSQL may still refuse.
const cursorSchema = z.strictObject({
  t: z.string().refine(isCalendarDay),
  id: z.number().int().min(1).max(LIMITS.idMax),
});

export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    // Not JSON: a cursor is opaque, so this damage reads like any other (the 400 below).
  }
  const cursor = cursorSchema.safeParse(value);
  if (cursor.success) return cursor.data;
  throw badRequest('Invalid cursor', undefined, 'cursor');
}

/** Microsecond-exact text of a timestamptz, so a cursor never skips rows sharing a millisecond. */
export const cursorTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows strictly after the cursor in the given direction of (time, id). */
export function afterCursor(
  time: AnyColumn,
  id: AnyColumn,
  // A decoded cursor, or placeholders bound when a prepared statement runs.
  cursor: Cursor | { t: Placeholder; id: Placeholder } | null,
  direction: 'desc' | 'asc',
): SQL | undefined {
  if (!cursor) return undefined;
  return direction === 'desc'
    ? sql`(${time}, ${id}) < (${cursor.t}::timestamptz, ${cursor.id})`
    : sql`(${time}, ${id}) > (${cursor.t}::timestamptz, ${cursor.id})`;
}

/** Where a prepared page statement binds its cursor (`cursorValues` gives what it binds). */
const cursorParam = { t: sql.placeholder('cursorTime'), id: sql.placeholder('cursorId') };

/**
 * `afterCursor` in a prepared page statement: the condition in the shape that has a cursor
 * (`afterACursor`), none in the shape that starts at the top.
 */
export const afterCursorParam = (
  afterACursor: boolean,
  time: AnyColumn,
  id: AnyColumn,
  direction: 'desc' | 'asc',
) => (afterACursor ? afterCursor(time, id, cursorParam, direction) : undefined);

/** The values a statement of `afterCursorParam` binds for a decoded cursor, or none. */
export const cursorValues = (cursor: Cursor | null) => ({
  cursorTime: cursor?.t,
  cursorId: cursor?.id,
});

/** Takes `limit + 1` rows; the extra one only says whether another page exists. */
/** A row as answered: its cursor's time stays inside the server. */
export const withoutCursor = <Row extends { cursorTime: string }>({
  cursorTime: _,
  ...rest
}: Row): Omit<Row, 'cursorTime'> => rest;

export function toPage<Row extends { cursorTime: string }, Item>(
  rows: Row[],
  limit: number,
  idOf: (row: Row) => number,
  present: (row: Row) => Item,
) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodeCursor({ t: last.cursorTime, id: idOf(last) }) : null;
  return { items: items.map(present), nextCursor };
}
