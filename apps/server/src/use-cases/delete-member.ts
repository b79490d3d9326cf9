import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { closeAccount } from '../features/money/service';
import { deleteAccount } from '../features/users/service';
import { retryingCollisions } from '../lib/db-retry';

/**
 * A member leaves, by their own hand (DELETE /me) or an admin's (DELETE /admin/user/:id): their
 * balance goes back to the system account by a transfer, the cascade takes their content and
 * sessions, their files go, and their open sockets close on every process. Cannot be undone.
 *
 * All of it is one transaction, which `alongside` joins (the admin's audit entry), so either the
 * member is gone with their money returned and the entry written, or nothing happened at all.
 * Two members leaving at once may deadlock on the posts both liked (their counters); PostgreSQL
 * aborts one, which then runs again.
 */
export async function deleteMember(
  app: FastifyInstance,
  userId: number,
  alongside?: (tx: Db) => Promise<void>,
) {
  const files = await retryingCollisions(() =>
    app.db.transaction(async (tx) => {
      await closeAccount(tx, userId);
      const owned = await deleteAccount(tx, userId);
      await alongside?.(tx);
      return owned;
    }),
  );
  await app.storage.remove(files);
  await app.live.disconnect({ userId });
}
