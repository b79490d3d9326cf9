import { LIMITS } from '@devplay/shared';
import type { FastifyPluginAsync } from 'fastify';
import { groupsOf, unreadNotificationsOf } from '../../db/notification-groups';
import { createNotificationDelivery } from './delivery';
import { createUnreadOrder } from './unread-order';

/** Groups replayed per statement: a long absence streams in pages, never one huge read. */
const REPLAY_PAGE = 100;

/**
 * What a live socket receives on connecting (API.md): with `notificationsSince`, every group
 * changed after it, oldest first, then the unread count; and while it stays, each change.
 */
const notificationsLive: FastifyPluginAsync = async (app) => {
  const sendInOrder = createUnreadOrder();
  const deliver = createNotificationDelivery(app, sendInOrder);
  const unsubscribe = app.events.subscribe((message) => {
    if (message.kind === 'notifications') deliver(message);
  });
  app.addHook('onClose', async () => unsubscribe());

  app.live.onAuthenticated(async (send, { userId, notificationsSince }) => {
    if (notificationsSince !== undefined) {
      // The client holds milliseconds; the database keeps microseconds: the rest of the client's
      // millisecond is what it already holds.
      let since: { t: string; id: number } = {
        t: new Date(notificationsSince).toISOString().replace('Z', '999Z'),
        id: LIMITS.idMax,
      };
      for (;;) {
        const { groups } = await groupsOf(app.db, userId, { since, limit: REPLAY_PAGE });
        for (const { cursorTime, ...data } of groups) {
          send({ type: 'notification:new', data });
          since = { t: cursorTime, id: data.id };
        }
        if (groups.length < REPLAY_PAGE) break;
      }
    }
    await sendInOrder(
      userId,
      () => unreadNotificationsOf(app.db, userId),
      (unread, newest) => newest && send({ type: 'notifications:unread', data: { unread } }),
    );
  });
};
export default notificationsLive;
