import { LIMITS } from '@devplay/shared';
import type { FastifyPluginAsync } from 'fastify';
import { groupsOf, unreadNotificationsOf } from '../../db/notification-groups';

/** Groups replayed per statement: a long absence streams in pages, never one huge read. */
const REPLAY_PAGE = 100;

/**
 * What a live socket receives on connecting (API.md): with `notificationsSince`, every group
 * changed after it, oldest first, then the unread count.
 */
const notificationsLive: FastifyPluginAsync = async (app) => {
  app.live.onAuthenticated(async (send, { userId, notificationsSince }) => {
    if (notificationsSince !== undefined) {
      // Every id at that instant is at or before the client's own.
      let since: { t: string; id: number } = {
        t: new Date(notificationsSince).toISOString(),
        id: LIMITS.idMax,
      };
      for (;;) {
        const groups = await groupsOf(app.db, userId, { since, limit: REPLAY_PAGE });
        for (const { cursorTime, ...data } of groups) {
          send({ type: 'notification:new', data });
          since = { t: cursorTime, id: data.id };
        }
        if (groups.length < REPLAY_PAGE) break;
      }
    }
    const unread = await unreadNotificationsOf(app.db, userId);
    send({ type: 'notifications:unread', data: { unread } });
  });
};
export default notificationsLive;
