import {
  COMMENT_MESSAGES,
  commentPageSchema,
  commentSchema,
  countSchema,
  createCommentInputSchema,
  idParamSchema,
  messageResponseSchema,
  pageQuerySchema,
  postIdParamSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../lib/current-user';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { addComment, countComments, deleteComment, listComments } from './comments';

const tags = ['comments'];
const security = [{ accessToken: [] }];

const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/comments-count/:postId',
    {
      preHandler: app.requireUser,
      schema: { tags, security, params: postIdParamSchema, response: { 200: countSchema } },
    },
    async (request) => countComments(app.db, request.params.postId),
  );

  app.get(
    '/comments/:postId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        params: postIdParamSchema,
        querystring: pageQuerySchema,
        response: { 200: commentPageSchema },
      },
    },
    async (request) => listComments(app.db, request.params.postId, request.query),
  );

  app.post(
    '/comment',
    {
      preHandler: app.requireVerified,
      config: { rateLimit: RATE_LIMITS.comment },
      schema: { tags, security, body: createCommentInputSchema, response: { 201: commentSchema } },
    },
    async (request, reply) => {
      const { postId, text } = request.body;
      return reply
        .status(201)
        .send(await addComment(app.db, currentUser(request).id, postId, text));
    },
  );

  app.delete(
    '/comment/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, security, params: idParamSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      await deleteComment(app.db, { id: user.id, isAdmin: app.isAdmin(user) }, request.params.id);
      return { message: COMMENT_MESSAGES.deleted };
    },
  );
};
export default commentRoutes;
