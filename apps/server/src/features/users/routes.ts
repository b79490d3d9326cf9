import { meSchema } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { presentMe } from './presenter';

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      preHandler: app.requireUser,
      schema: { tags: ['users'], security: [{ accessToken: [] }], response: { 200: meSchema } },
    },
    async (request) => presentMe(currentUser(request), app.config.adminEmails),
  );
};
export default usersRoutes;
