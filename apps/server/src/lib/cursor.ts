import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from './errors';

/** A page boundary: the (time, id) of the last row served, as Postgres wrote the time. */
export type Cursor = { t: string; id: number };

export const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (
      typeof value.t === 'string' &&
      !Number.isNaN(Date.parse(value.t)) &&
      Number.isSafeInteger(value.id)
    ) {
      return { t: value.t, id: value.id as number };
    }
  } catch {
    // Falls through to the 400 below: a cursor is opaque, so any damage reads the same.
  }
  throw badRequest('Invalid cursor', undefined, 'cursor');
}

/** Microsecond-exact text of a timestamptz, so a cursor never skips rows sharing a millisecond. */
export const cursorTime = (column: AnyColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows strictly after the cursor in the given direction of (time, id). */
export function afterCursor(
  time: AnyColumn,
  id: AnyColumn,
  cursor: Cursor | null,
  direction: 'desc' | 'asc',
): SQL | undefined {
  if (!cursor) return undefined;
  return direction === 'desc'
    ? sql`(${time}, ${id}) < (${cursor.t}::timestamptz, ${cursor.id})`
    : sql`(${time}, ${id}) > (${cursor.t}::timestamptz, ${cursor.id})`;
}

/** Takes `limit + 1` rows; the extra one only says whether another page exists. */
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
