import { TOURNAMENT_LIMITS, TOURNAMENT_MESSAGES } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { tournamentChanged } from './live';
import { addParticipant, listParticipants, removeParticipant } from './participant-service';

const tags = ['tournament'];
const security = SECURITY.member;

const participantRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'listParticipants',
    {
      summary: 'The tournament participants, in the order they joined',
      tags,
      security,
      errors: errorResponses(401),
    },
    async () => listParticipants(app.db),
  );

  // Who plays is for admins to change.
  await app.register(
    guarded('requireAdmin', async (admins) => {
      route(
        admins,
        'addParticipant',
        {
          summary: 'Add a member to the tournament',
          description: `Admins only. A member is a participant once, and the bracket seats ${TOURNAMENT_LIMITS.participantsMax}.`,
          tags,
          security,
          errors: errorResponses(
            400,
            401,
            ADMIN_ONLY,
            { 404: 'No member has this id.' },
            {
              409: 'Already a participant (`PARTICIPANT_EXISTS`), or the bracket is full (`TOURNAMENT_FULL`).',
            },
          ),
        },
        async (request, reply) => {
          const participant = await addParticipant(app.db, request.body.userId, actorOf(request));
          await tournamentChanged(app.events);
          return reply.status(201).send(participant);
        },
      );

      route(
        admins,
        'removeParticipant',
        {
          summary: 'Remove a participant',
          description:
            "Admins only. `id` is the member's id. Refused while they play in the bracket.",
          tags,
          security,
          errors: errorResponses(
            400,
            401,
            ADMIN_ONLY,
            { 404: 'Not a participant.' },
            {
              409: 'Plays in the bracket: take them out of it first (`PARTICIPANT_IN_BRACKET`).',
            },
          ),
        },
        async (request) => {
          await removeParticipant(app.db, request.params.id, actorOf(request));
          await tournamentChanged(app.events);
          return { message: TOURNAMENT_MESSAGES.participantRemoved };
        },
      );
    }),
  );
};
export default participantRoutes;
