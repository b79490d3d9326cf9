import {
  createPostInputSchema,
  idParamSchema,
  messageResponseSchema,
  POST_MESSAGES,
  postPageSchema,
  postListQuerySchema,
  postSchema,
  uploadResponseSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploads } from '../../db/schema/index';
import { currentUser } from '../../lib/current-user';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { listPosts } from './post-queries';
import { createPost, deletePost } from './post-service';
import { requireImagePart } from '../../lib/multipart';

const tags = ['posts'];
const security = [{ accessToken: [] }];

const postRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/posts',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        querystring: postListQuerySchema,
        response: { 200: postPageSchema },
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
      schema: { tags, security, body: createPostInputSchema, response: { 201: postSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createPost(app.db, currentUser(request).id, request.body)),
  );

  app.delete(
    '/post/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, security, params: idParamSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      await deletePost(
        app.db,
        app.storage,
        { id: user.id, isAdmin: app.isAdmin(user) },
        request.params.id,
      );
      return { message: POST_MESSAGES.deleted };
    },
  );

  app.post(
    '/upload-image',
    {
      preHandler: app.requireVerified,
      config: { rateLimit: RATE_LIMITS.upload },
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const url = await app.storage.saveImage(await requireImagePart(request, 'image'), 'post');
      await app.db.insert(uploads).values({ ownerId: user.id, url, kind: 'post' });
      return reply.status(201).send({ url });
    },
  );
};
export default postRoutes;
