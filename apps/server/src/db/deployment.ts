import type { Db } from './client';
import { deployment } from './schema/index';

/**
 * This database's deployment id, made on first call. Two statements, not one: processes starting
 * together on one PostgreSQL race to insert, the losers' inserts do nothing once the winner
 * commits, and the read after them (a fresh snapshot) sees the winner's row. Deleting the row (a
 * copy of another deployment's database) gives the next start a new id.
 */
export async function deploymentIdOf(db: Db): Promise<string> {
  await db.insert(deployment).values({}).onConflictDoNothing();
  const [row] = await db.select({ id: deployment.id }).from(deployment);
  if (!row) throw new Error('the deployment row vanished while it was being read');
  return row.id;
}
