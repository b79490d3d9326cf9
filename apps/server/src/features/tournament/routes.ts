import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import mapRoutes from './map-routes';
import matchRoutes from './match-routes';
import participantRoutes from './participant-routes';

/** The tournament feature: participants, the bracket, the map pool and the maps of each match. */
const tournamentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(participantRoutes);
  await app.register(matchRoutes);
  await app.register(mapRoutes);
};
export default tournamentRoutes;
