import type { FastifyPluginAsync } from 'fastify';
import { unreadCount } from './queries';
import { messagesSince } from './service';

/**
 * What a member's live socket receives on connecting (API.md): the messages a reconnecting client
 * missed, by the last id it saw, then the unread count, which also tells it the socket is live.
 */
const messagesLive: FastifyPluginAsync = async (app) => {
  app.live.onAuthenticated(async (send, { userId, lastSeenId }) => {
    if (lastSeenId !== undefined) {
      for (const message of await messagesSince(app.db, userId, lastSeenId)) {
        send({ type: 'message:new', data: message });
      }
    }
    send({ type: 'unread:count', data: { count: await unreadCount(app.db, userId) } });
  });
};
export default messagesLive;
