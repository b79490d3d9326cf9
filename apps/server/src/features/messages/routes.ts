import {
  chatQuerySchema,
  conversationSchema,
  countSchema,
  idParamSchema,
  MESSAGE_MESSAGES,
  messagePageSchema,
  messageResponseSchema,
  messageSchema,
  sendMessageInputSchema,
  userIdParamSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { conversationsOf, unreadCount } from './queries';
import { deleteMessage, hideConversation, readChat, sendMessage } from './service';

const tags = ['messages'];
const security = [{ accessToken: [] }];

const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/messages/unread-count',
    { preHandler: app.requireUser, schema: { tags, security, response: { 200: countSchema } } },
    async (request) => ({ count: await unreadCount(app.db, currentUser(request).id) }),
  );

  app.get(
    '/messages/conversations',
    {
      preHandler: app.requireUser,
      schema: { tags, security, response: { 200: z.array(conversationSchema) } },
    },
    async (request) => conversationsOf(app.db, currentUser(request).id),
  );

  app.delete(
    '/messages/conversations/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        params: userIdParamSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await hideConversation(app.db, app.events, currentUser(request).id, request.params.userId);
      return { message: MESSAGE_MESSAGES.conversationDeleted };
    },
  );

  app.get(
    '/messages/:userId',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        params: userIdParamSchema,
        querystring: chatQuerySchema,
        response: { 200: messagePageSchema },
      },
    },
    async (request) =>
      readChat(app.db, app.events, currentUser(request).id, request.params.userId, request.query),
  );

  app.post(
    '/messages',
    {
      preHandler: app.requireVerified,
      config: { rateLimit: RATE_LIMITS.message },
      schema: { tags, security, body: sendMessageInputSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      const { receiverId, text } = request.body;
      return reply
        .status(201)
        .send(await sendMessage(app.db, app.events, currentUser(request).id, receiverId, text));
    },
  );

  app.delete(
    '/messages/:id',
    {
      preHandler: app.requireUser,
      schema: { tags, security, params: idParamSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await deleteMessage(app.db, app.events, currentUser(request).id, request.params.id);
      return { message: MESSAGE_MESSAGES.deleted };
    },
  );
};
export default messagesRoutes;
