import {
  likeInputSchema,
  likersQuerySchema,
  likesListSchema,
  likeStateSchema,
  postIdParamSchema,
  userLikesQuerySchema,
  userLikesSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SECURITY, UNVERIFIED } from '../../lib/openapi';
import { currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { like, likedPostIds, listLikers, unlike } from './like-service';

const tags = ['likes'];
const security = SECURITY.member;
const noPost = { 404: 'No such post.' };

const likeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liking takes a confirmed e-mail address; taking a like back does not.
  await app.register(
    guarded('requireVerified', async (confirmed) => {
      confirmed.post(
        '/like',
        {
          schema: {
            summary: 'Like a post',
            description: 'Idempotent: liking twice leaves one like.',
            operationId: 'likePost',
            tags,
            security,
            body: likeInputSchema,
            response: { 200: likeStateSchema, ...errorResponses(400, 401, UNVERIFIED, noPost) },
          },
        },
        async (request) => like(app.db, app.events, request.body.post_id, currentUser(request).id),
      );
    }),
  );

  app.delete(
    '/like/:postId',
    {
      schema: {
        summary: 'Take back a like',
        description: 'Idempotent: no like to take back is not an error.',
        operationId: 'unlikePost',
        tags,
        security,
        params: postIdParamSchema,
        response: { 200: likeStateSchema, ...errorResponses(400, 401, noPost) },
      },
    },
    async (request) => unlike(app.db, app.events, request.params.postId, currentUser(request).id),
  );

  app.get(
    '/likes/:postId',
    {
      schema: {
        summary: 'Who liked a post, newest first',
        operationId: 'listLikers',
        tags,
        security,
        params: postIdParamSchema,
        querystring: likersQuerySchema,
        response: { 200: likesListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listLikers(app.db, request.params.postId, request.query.limit),
  );

  app.get(
    '/user-likes',
    {
      schema: {
        summary: 'The ids of the posts a member liked',
        description: "The caller's unless `user_id` names another member.",
        operationId: 'listLikedPosts',
        tags,
        security,
        querystring: userLikesQuerySchema,
        response: { 200: userLikesSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      likedPosts: await likedPostIds(app.db, request.query.user_id ?? currentUser(request).id),
    }),
  );
};
export default likeRoutes;
