import { MESSAGE_MESSAGES } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { conversationsOf, unreadCount } from './queries';
import { deleteMessage, hideConversation, readChat, sendMessage } from './service';

const tags = ['messages'];
const security = SECURITY.member;
const noMember = { 404: 'No such member.' };

const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'countUnreadMessages',
    {
      summary: "How many of the caller's messages are unread",
      tags,
      security,
      errors: errorResponses(401),
    },
    async (request) => ({ count: await unreadCount(app.db, currentUser(request).id) }),
  );

  route(
    app,
    'listConversations',
    {
      summary: "The caller's conversations, newest first",
      tags,
      security,
      errors: errorResponses(401),
    },
    async (request) => conversationsOf(app.db, currentUser(request).id),
  );

  route(
    app,
    'hideConversation',
    {
      summary: 'Hide a conversation',
      description:
        'For the caller only, up to its newest message; it comes back with the next one.',
      tags,
      security,
      errors: errorResponses(400, 401, noMember),
    },
    async (request) => {
      await hideConversation(app.db, app.events, currentUser(request).id, request.params.userId);
      return { message: MESSAGE_MESSAGES.conversationDeleted };
    },
  );

  // One path with DELETE /messages/:id, so one parameter name: here `id` is the other member's.
  route(
    app,
    'readChat',
    {
      summary: 'The chat with a member, newest first',
      description: "Marks the member's messages to the caller read.",
      tags,
      security,
      errors: errorResponses(400, 401, noMember),
    },
    async (request) =>
      readChat(app.db, app.events, currentUser(request).id, request.params.id, request.query),
  );

  // Sending takes a confirmed e-mail address; reading and deleting do not.
  await app.register(
    guarded('requireVerified', async (confirmed) => {
      route(
        confirmed,
        'sendMessage',
        {
          summary: 'Send a message',
          description:
            'Only to a member whose `messagesFrom` takes the caller (`everyone`, or `following` and they follow the caller) and with no block between the two, either way; admins alike. Earlier messages of a blocked pair stay readable by both.',
          tags,
          security,
          errors: errorResponses(
            { 400: 'Invalid input, or the caller themself as receiver.' },
            401,
            {
              403: 'Either member blocks the other (`BLOCKED`), the receiver does not take messages from the caller (`MESSAGES_CLOSED`), or the e-mail address is not confirmed yet (`EMAIL_NOT_VERIFIED`).',
            },
            { 404: 'No such receiver.' },
            429,
          ),
        },
        async (request, reply) => {
          const { receiverId, text } = request.body;
          return reply
            .status(201)
            .send(await sendMessage(app.db, app.events, currentUser(request).id, receiverId, text));
        },
      );
    }),
  );

  route(
    app,
    'deleteMessage',
    {
      summary: 'Delete a message',
      description: 'Its sender only; it goes for both members.',
      tags,
      security,
      errors: errorResponses(
        400,
        401,
        { 403: 'The caller received this message and did not send it.' },
        { 404: "No such message in the caller's conversations." },
      ),
    },
    async (request) => {
      await deleteMessage(app.db, app.events, currentUser(request).id, request.params.id);
      return { message: MESSAGE_MESSAGES.deleted };
    },
  );
};
export default messagesRoutes;
