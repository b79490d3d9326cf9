import {
  createPostInputSchema,
  idParamSchema,
  messageResponseSchema,
  POST_MESSAGES,
  postPageSchema,
  postListQuerySchema,
  postSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SECURITY, UNVERIFIED } from '../../lib/openapi';
import { actorOf, currentUser } from '../../plugins/auth';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { listPosts } from './post-queries';
import { createPost, deletePost } from './post-service';

const tags = ['posts'];
const security = SECURITY.member;

const postRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/posts',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'List posts, newest first',
        description:
          "Everyone's posts, one member's (`user_id`), or those of the members the caller follows (`feed=following`).",
        operationId: 'listPosts',
        tags,
        security,
        querystring: postListQuerySchema,
        response: { 200: postPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { user_id, ...query } = request.query;
      return listPosts(app.db, currentUser(request).id, { ...query, authorId: user_id });
    },
  );

  app.post(
    '/post',
    {
      preHandler: app.requireVerified,
      config: { rateLimit: RATE_LIMITS.post },
      schema: {
        summary: 'Publish a post',
        operationId: 'createPost',
        tags,
        security,
        body: createPostInputSchema,
        response: {
          201: postSchema,
          ...errorResponses(
            { 400: 'Invalid input, or an image the caller did not upload.' },
            401,
            UNVERIFIED,
            { 422: 'Too soon after the previous post (`COOLDOWN`).' },
            429,
          ),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createPost(app.db, currentUser(request).id, request.body)),
  );

  app.delete(
    '/post/:id',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'Delete a post',
        description: 'Its author or an admin.',
        operationId: 'deletePost',
        tags,
        security,
        params: idParamSchema,
        response: {
          200: messageResponseSchema,
          ...errorResponses(
            400,
            401,
            { 403: 'Not the author (nor an admin).' },
            { 404: 'No such post.' },
          ),
        },
      },
    },
    async (request) => {
      await deletePost(app.db, app.storage, actorOf(request), request.params.id);
      return { message: POST_MESSAGES.deleted };
    },
  );
};
export default postRoutes;
