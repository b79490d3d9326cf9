import {
  followInputSchema,
  followStateSchema,
  pageQuerySchema,
  userPageSchema,
  usernameParamSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { follow, listFollows, unfollow } from './service';

const tags = ['follows'];
const security = [{ accessToken: [] }];

const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/follow',
    {
      preHandler: app.requireVerified,
      schema: { tags, security, body: followInputSchema, response: { 200: followStateSchema } },
    },
    async (request) => follow(app.db, currentUser(request).id, request.body.username),
  );

  app.post(
    '/unfollow',
    {
      preHandler: app.requireUser,
      schema: { tags, security, body: followInputSchema, response: { 200: followStateSchema } },
    },
    async (request) => unfollow(app.db, currentUser(request).id, request.body.username),
  );

  for (const direction of ['followers', 'followings'] as const) {
    app.get(
      `/${direction}/:username`,
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          params: usernameParamSchema,
          querystring: pageQuerySchema,
          response: { 200: userPageSchema },
        },
      },
      async (request) => listFollows(app.db, request.params.username, direction, request.query),
    );
  }
};
export default followsRoutes;
