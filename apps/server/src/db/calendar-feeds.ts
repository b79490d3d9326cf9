import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { calendarFeeds } from './schema/index';

// The calendar issues and checks a member's feed address (features/calendar/feed-tokens.ts), and
// a new password ends it (use-cases/replace-password.ts), from the admin CLI too, so its end
// lives below both.

/**
 * Whoever knew the old password may have copied the feed's address too: it stops working with
 * the sessions, and the member issues a new one when they want it.
 */
export async function revokeFeedToken(db: Db, userId: number) {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}
