import { eq } from 'drizzle-orm';
import { revokeFeedToken } from '../db/calendar-feeds';
import type { Db } from '../db/client';
import { users } from '../db/schema/index';

/**
 * A new password (changed, or reset by e-mail) stored together with the end of what the old one
 * may have given away beyond sessions, which each caller ends as it must: the secret address of
 * the member's calendar feed, readable without signing in.
 */
export async function replacePassword(db: Db, userId: number, passwordHash: string) {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeFeedToken(tx, userId);
  });
}
