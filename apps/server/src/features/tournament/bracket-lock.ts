import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

// Any fixed number, distinct from the migration lock's (db/client.ts).
const BRACKET_LOCK_ID = 72_716_402;

/**
 * Every change of the bracket or its players runs in one transaction holding this lock, so two
 * admins' saves (and auto-advance into the next round) never interleave on PostgreSQL.
 */
export async function lockBracket(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(${BRACKET_LOCK_ID})`);
}
