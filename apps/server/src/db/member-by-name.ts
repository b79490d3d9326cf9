import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { users } from './schema/index';

/** A member's id by username, in any case (usernames are unique whatever their case), or null. */
export async function memberIdByName(db: Db, username: string): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return user?.id ?? null;
}
