import { ACCESS_TOKEN_HEADER, AUTH_MESSAGES, ERROR_CODES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { users, type UserRow } from '../db/schema/index';
import { forbidden, unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `requireUser` / `requireVerified` pre-handlers. */
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** The member a token belongs to, or null for a bad, expired or revoked token. */
    authenticate: (token: string) => Promise<{ user: UserRow; expiresAt: number } | null>;
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireVerified: (request: FastifyRequest) => Promise<void>;
    /** Admins are the members whose e-mail ADMIN_EMAILS lists. */
    isAdmin: (user: Pick<UserRow, 'email'>) => boolean;
  }
}

function readToken(request: FastifyRequest): string | null {
  const header = request.headers[ACCESS_TOKEN_HEADER];
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length);
  return null;
}

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);

  async function authenticate(token: string) {
    const claims = await app.accessTokens.verify(token);
    if (!claims) return null;
    const [user] = await app.db.select().from(users).where(eq(users.id, claims.userId));
    const revokedAt = user?.sessionsRevokedAt
      ? Math.floor(user.sessionsRevokedAt.getTime() / 1000)
      : 0;
    if (!user || claims.issuedAt < revokedAt) return null;
    return { user, expiresAt: claims.expiresAt * 1000 };
  }

  async function requireUser(request: FastifyRequest) {
    const token = readToken(request);
    if (!token) throw unauthorized(AUTH_MESSAGES.authorizationRequired);
    const session = await authenticate(token);
    if (!session) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    request.user = session.user;
  }

  app.decorate('authenticate', authenticate);
  app.decorate('isAdmin', (user: Pick<UserRow, 'email'>) => app.config.adminEmails.has(user.email));
  app.decorate('requireUser', requireUser);
  app.decorate('requireVerified', async (request: FastifyRequest) => {
    await requireUser(request);
    if (!request.user?.isVerified) {
      throw forbidden(AUTH_MESSAGES.emailNotVerified, ERROR_CODES.emailNotVerified);
    }
  });
});
