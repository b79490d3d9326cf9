import {
  idSchema,
  likeInputSchema,
  likesListSchema,
  likeStateSchema,
  postIdParamSchema,
  userLikesSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { like, likedPostIds, listLikers, unlike } from './likes';

const tags = ['likes'];
const security = [{ accessToken: [] }];

const likeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/like',
    {
      preHandler: app.requireVerified,
      schema: { tags, security, body: likeInputSchema, response: { 200: likeStateSchema } },
    },
    async (request) => like(app.db, request.body.post_id, currentUser(request).id),
  );

  app.delete(
    '/like/:postId',
    {
      preHandler: app.requireUser,
      schema: { tags, security, params: postIdParamSchema, response: { 200: likeStateSchema } },
    },
    async (request) => unlike(app.db, request.params.postId, currentUser(request).id),
  );

  app.get(
    '/likes/:postId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        params: postIdParamSchema,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: likesListSchema },
      },
    },
    async (request) => listLikers(app.db, request.params.postId, request.query.limit),
  );

  app.get(
    '/user-likes',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        querystring: z.object({ user_id: idSchema.optional() }),
        response: { 200: userLikesSchema },
      },
    },
    async (request) => ({
      likedPosts: await likedPostIds(app.db, request.query.user_id ?? currentUser(request).id),
    }),
  );
};
export default likeRoutes;
