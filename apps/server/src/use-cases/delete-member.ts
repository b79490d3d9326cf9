import type { FastifyInstance } from 'fastify';
import { closeAccount } from '../features/money/service';
import { deleteAccount } from '../features/users/service';

/**
 * A member leaves, by their own hand (DELETE /me) or an admin's (DELETE /admin/user/:id): their
 * balance goes back to the system account by a transfer, the cascade takes their content and
 * sessions, their files go, and their open sockets close on every process. Cannot be undone.
 */
export async function deleteMember(app: FastifyInstance, userId: number) {
  await closeAccount(app.db, userId);
  await deleteAccount(app.db, app.storage, userId);
  await app.live.disconnect({ userId });
}
