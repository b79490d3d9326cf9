import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema/index';

/** The signed-in member of a route guarded by `requireUser` or `requireVerified`. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('currentUser() used on a route without an auth pre-handler');
  return request.user;
}
