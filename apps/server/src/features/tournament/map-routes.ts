import { TOURNAMENT_MESSAGES } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { tournamentChanged } from './live';
import { createMap, deleteMap, listMaps, listMatchMaps, saveMatchMaps } from './map-service';

const tags = ['tournament'];
const security = SECURITY.member;

const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'listMaps',
    { summary: 'The map pool', tags, security, errors: errorResponses(401) },
    async () => listMaps(app.db),
  );

  // Changing the map pool and the maps of a match is for admins.
  await app.register(
    guarded('requireAdmin', async (admins) => {
      route(
        admins,
        'createMap',
        {
          summary: 'Add a map to the pool',
          description: 'Admins only. Names are unique whatever their case.',
          tags,
          security,
          errors: errorResponses(400, 401, ADMIN_ONLY, {
            409: 'A map has this name already (`MAP_NAME_TAKEN`).',
          }),
        },
        async (request, reply) => {
          const map = await createMap(app.db, request.body, actorOf(request));
          await tournamentChanged(app.events);
          return reply.status(201).send(map);
        },
      );

      route(
        admins,
        'deleteMap',
        {
          summary: 'Delete a map from the pool',
          description: 'Admins only. Refused while a match uses it.',
          tags,
          security,
          errors: errorResponses(
            400,
            401,
            ADMIN_ONLY,
            { 404: 'No such map.' },
            { 409: 'A match uses it: remove it from the match first (`MAP_IN_USE`).' },
          ),
        },
        async (request) => {
          await deleteMap(app.db, request.params.id, actorOf(request));
          await tournamentChanged(app.events);
          return { message: TOURNAMENT_MESSAGES.mapDeleted };
        },
      );

      route(
        admins,
        'saveMatchMaps',
        {
          summary: 'Choose up to 3 maps for a match',
          description:
            'Admins only. Map ids or null, none twice; saved over the previous choice. An unknown match or map is a 400 naming the field.',
          tags,
          security,
          errors: errorResponses(400, 401, ADMIN_ONLY),
        },
        async (request) => {
          const saved = await saveMatchMaps(app.db, request.body, actorOf(request));
          await tournamentChanged(app.events);
          return saved;
        },
      );
    }),
  );

  route(
    app,
    'listMatchMaps',
    {
      summary: 'The maps chosen for each match',
      tags,
      security,
      errors: errorResponses(401),
    },
    async () => listMatchMaps(app.db),
  );
};
export default mapRoutes;
