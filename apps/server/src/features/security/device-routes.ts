import { SESSION_MESSAGES } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSessions, revokeSession } from '../../db/sessions';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { notFound } from '../../lib/errors';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { presentSession } from './devices';

const tags = ['security'];
const security = SECURITY.member;

/** The member's signed-in browsers: listed, and ended one at a time or all but this one. */
const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'listSessions',
    {
      summary: "The member's signed-in devices",
      description:
        'One per sign-in still running, the one seen last first; `current` is the one asking. The browser and masked address are those of its latest token refresh.',
      tags,
      security,
      errors: errorResponses(401, 429),
    },
    async (request) => {
      const rows = await listSessions(app.db, currentUser(request).id);
      return rows.map((row) => presentSession(row, request.sessionId));
    },
  );

  route(
    app,
    'endSession',
    {
      summary: 'Sign a device out',
      description:
        'Revokes its refresh token; its access tokens are refused from the next request and its live socket closes (4401). Ending the current one signs this browser out.',
      tags,
      security,
      errors: errorResponses(
        { 400: 'The id is not a session id.' },
        401,
        { 404: 'The member has no such signed-in device.' },
        429,
      ),
    },
    async (request) => {
      const userId = currentUser(request).id;
      const ended = await revokeSession(app.db, userId, request.params.sessionId);
      if (!ended) throw notFound(SESSION_MESSAGES.notFound);
      await app.live.disconnect({ userId, sessionId: ended.familyId });
      return { message: SESSION_MESSAGES.ended };
    },
  );

  route(
    app,
    'endOtherSessions',
    {
      summary: 'Sign every other device out',
      description:
        'Every session of the member but the one asking ends, as `DELETE /api/me/sessions/:id` ends one.',
      tags,
      security,
      errors: errorResponses(401, 429),
    },
    async (request) => {
      const keep = request.sessionId ?? undefined;
      await app.endSessions(currentUser(request).id, { keep });
      return { message: SESSION_MESSAGES.othersEnded };
    },
  );
};
export default deviceRoutes;
