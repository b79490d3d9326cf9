import {
  ACCESS_TOKEN_HEADER,
  AUTH_MESSAGES,
  ERROR_CODES,
  SAFETY_MESSAGES,
  TWO_FACTOR_MESSAGES,
} from '@devplay/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { refreshTokens, users, type UserRow } from '../db/schema/index';
import { forbidden, unauthorized } from '../lib/errors';
import { prepared } from '../db/prepared';
import { createSessionCache, sessionLifetimeMs } from './session-cache';
import { revokeSessions } from '../db/sessions';
import { moveFeedVersion } from '../db/feed-version';
import { runningSuspension } from '../db/suspensions';
import { secondStepMethods } from '../db/sign-in-tickets';

type Session = { user: UserRow; sessionId: string; expiresAt: number };

/**
 * One statement: the member and whether the token's session was revoked (logout, password change
 * or reset, reuse of a stolen refresh token). The revocation lives with the refresh tokens in the
 * database, so it holds at once on every process, with or without Redis.
 */
const sessionStatement = prepared('auth_session', (db) =>
  db
    .select({
      user: users,
      revoked: sql<boolean>`exists(select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sql.placeholder('sessionId')} and ${refreshTokens.revokedAt} is not null)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId'))),
);

/** What deciding whether a member is an admin reads of their row. */
type AdminCandidate = Pick<UserRow, 'email' | 'isVerified' | 'promotedAdmin'>;

/**
 * Who acts on a request, for the policies (SPEC §6: admins may delete anyone's content) and for
 * the audit log when an admin acts on someone else's content.
 */
export type Actor = { id: number; username: string; isAdmin: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the `requireUser` / `requireVerified` / `requireAdmin` pre-handlers, which subtrees of
     * routes register as hooks (plugins/guards.ts).
     */
    user: UserRow | null;
    /** The session (refresh-token family) the request's access token belongs to. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** The member and session a token belongs to, or null for a bad, expired or revoked token. */
    authenticate: (token: string) => Promise<Session | null>;
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireVerified: (request: FastifyRequest) => Promise<void>;
    /** A confirmed admin, or 401/403. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /**
     * Admins are the confirmed members whose e-mail ADMIN_EMAILS lists or whom the admin CLI
     * promoted.
     */
    isAdmin: (user: AdminCandidate) => boolean;
    /**
     * Ends a member's sessions at once, all of them or all but `keep`: their refresh tokens stop
     * working, their access tokens are refused from the next request and their sockets close.
     */
    endSessions: (userId: number, options?: { keep?: string }) => Promise<void>;
    /**
     * Call after changing a member's row: no process answers from what it remembered of them.
     * `inFeeds: false` when nothing feeds show changed (a password, a weather city): the feed's
     * kept pages stay.
     */
    memberChanged: (userId: number, options?: { inFeeds?: boolean }) => Promise<void>;
  }
}

/** The signed-in member of a route guarded by one of the `require…` pre-handlers. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('currentUser() used on a route without an auth pre-handler');
  return request.user;
}

/** The signed-in member as the policies see them. */
export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { id: user.id, username: user.username, isAdmin: request.server.isAdmin(user) };
}

export function readToken(request: FastifyRequest): string | null {
  const header = request.headers[ACCESS_TOKEN_HEADER];
  if (typeof header === 'string' && header) return header;
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length);
  return null;
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    const sessions = createSessionCache<Session>(sessionLifetimeMs(app.config));
    async function authenticate(token: string): Promise<Session | null> {
      const cached = sessions.get(token);
      if (cached) return cached;
      const claims = await app.accessTokens.verify(token);
      if (!claims) return null;
      const readAt = sessions.generation();
      const [row] = await sessionStatement(app.db, {
        sessionId: claims.sessionId,
        userId: claims.userId,
      });
      // A suspension revokes the member's sessions; one a sign-in started as it did ends here.
      if (!row || row.revoked || runningSuspension(row.user)) return null;
      const session = {
        user: row.user,
        sessionId: claims.sessionId,
        expiresAt: claims.expiresAt * 1000,
      };
      sessions.set(token, claims.userId, session, readAt);
      return session;
    }

    async function requireUser(request: FastifyRequest) {
      // The guard of an enclosing subtree got there first (plugins/guards.ts).
      if (request.user) return;
      const token = readToken(request);
      if (!token) throw unauthorized(AUTH_MESSAGES.authorizationRequired);
      const session = await authenticate(token);
      if (!session) throw unauthorized(AUTH_MESSAGES.sessionExpired);
      request.user = session.user;
      request.sessionId = session.sessionId;
    }

    app.decorate('authenticate', authenticate);
    app.decorate(
      'isAdmin',
      // An unconfirmed account may hold an admin's address without owning the mailbox.
      (user: AdminCandidate) =>
        user.isVerified && (user.promotedAdmin || app.config.adminEmails.has(user.email)),
    );
    /**
     * A confirmed member, approved where sign-ups needed it: one waiting for an admin reads as
     * any member but is treated as unconfirmed on writes. An admin never waits (a member
     * promoted while pending included), or nobody could approve anyone.
     */
    async function requireVerified(request: FastifyRequest) {
      await requireUser(request);
      const user = currentUser(request);
      if (!user.isVerified) {
        throw forbidden(AUTH_MESSAGES.emailNotVerified, ERROR_CODES.emailNotVerified);
      }
      if (user.pendingApproval && !app.isAdmin(user)) {
        throw forbidden(SAFETY_MESSAGES.pendingApproval, ERROR_CODES.pendingApproval);
      }
    }

    app.decorate('requireUser', requireUser);
    app.decorate('requireVerified', requireVerified);
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      await requireVerified(request);
      const admin = currentUser(request);
      if (!app.isAdmin(admin)) {
        throw forbidden(AUTH_MESSAGES.adminsOnly, ERROR_CODES.forbidden);
      }
      if (app.config.requireAdmin2fa && (await secondStepMethods(app.db, admin.id)).length === 0) {
        throw forbidden(TWO_FACTOR_MESSAGES.required, ERROR_CODES.twoFactorRequired);
      }
    });
    // A name or picture shows on every kept feed page of their posts.
    app.decorate('memberChanged', async (userId: number, { inFeeds = true } = {}) => {
      if (inFeeds) await moveFeedVersion(app.db);
      await app.events.post({ kind: 'member', userId });
    });
    // Ended sessions travel as `disconnect` (logout, password change or reset, deletion).
    let unsubscribe = () => {};
    app.addHook('onReady', async () => {
      unsubscribe = app.events.subscribe((message) => {
        if (message.kind === 'member' || message.kind === 'disconnect') {
          sessions.forget(message.userId);
        }
      });
    });
    app.addHook('onClose', async () => unsubscribe());
    app.decorate('endSessions', async (userId: number, options: { keep?: string } = {}) => {
      const ended = await revokeSessions(app.db, userId, options.keep);
      await Promise.all(
        ended.map(({ familyId }) => app.live.disconnect({ userId, sessionId: familyId })),
      );
    });
  },
  // `live` registers after this plugin (it authenticates sockets with it); endSessions only
  // reaches for it when called, by which time the app is ready.
  { name: 'auth', decorators: { fastify: ['db', 'config', 'accessTokens'] } },
);
