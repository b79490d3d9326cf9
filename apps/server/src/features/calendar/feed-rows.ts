import type { LeaveType } from '@devplay/shared';
import { and, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarFeeds, holidays, leaveDays, users } from '../../db/schema/index';
import { parseFeedToken } from './feed-tokens';
import type { CalendarRows } from './service';

export type FeedWindow = { first: string; last: string };

// Each kind of row in the window as one text, in date order: `2027-03-03sick,2027-03-04unpaid`
// and `2027-12-31,2028-01-01`. One value crosses from the database instead of a thousand rows.
const leaveText = (userId: number, { first, last }: FeedWindow) => sql<string | null>`(
  select string_agg(to_char(${leaveDays.date}, 'YYYY-MM-DD') || ${leaveDays.type}, ',' order by ${leaveDays.date})
  from ${leaveDays}
  where ${and(eq(leaveDays.userId, userId), between(leaveDays.date, first, last))})`;
const holidayText = ({ first, last }: FeedWindow) => sql<string | null>`(
  select string_agg(to_char(${holidays.date}, 'YYYY-MM-DD'), ',' order by ${holidays.date})
  from ${holidays} where ${between(holidays.date, first, last)})`;

/**
 * The member a token belongs to and everything their feed shows in the window, read by one
 * statement and so from one snapshot: the texts are both the feed's content and its version.
 * Null for a wrong token, for which nothing is read.
 */
export async function feedOwner(db: Db, token: string, window: FeedWindow) {
  const parsed = parseFeedToken(token);
  if (!parsed) return null;
  const [row] = await db
    .select({
      username: users.username,
      leave: leaveText(parsed.userId, window),
      holidays: holidayText(window),
    })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(
      and(eq(calendarFeeds.userId, parsed.userId), eq(calendarFeeds.tokenHash, parsed.tokenHash)),
    );
  if (!row) return null;
  return {
    userId: parsed.userId,
    tokenHash: parsed.tokenHash,
    username: row.username,
    content: `${row.leave ?? ''}/${row.holidays ?? ''}`,
  };
}
export type FeedOwner = NonNullable<Awaited<ReturnType<typeof feedOwner>>>;

/** The rows behind a feed owner's content, as the calendar reads them. */
export function rowsOfContent(content: string): CalendarRows {
  const [leave, holidayDates] = content.split('/') as [string, string];
  const listed = (text: string) => (text === '' ? [] : text.split(','));
  return {
    leaveRows: listed(leave).map((entry) => ({
      date: entry.slice(0, 10),
      type: entry.slice(10) as LeaveType,
    })),
    holidayRows: listed(holidayDates).map((date) => ({ date })),
  };
}
