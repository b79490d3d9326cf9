import type { FastifyInstance } from 'fastify';
import { groupsOf, unreadNotificationsOf } from '../../db/notification-groups';
import type { BusMessage } from '../../plugins/events';
import type { UnreadOrder } from './unread-order';

type Change = Extract<BusMessage, { kind: 'notifications' }>;

/**
 * Sends a member the groups that grew and their unread count, on the process holding their
 * sockets only: one read a change, as soon as it arrives, so the group sent is the one the
 * change made (the web app keeps the newest version of each group it is sent).
 */
export function createNotificationDelivery(app: FastifyInstance, sendInOrder: UnreadOrder) {
  const sendGroups = (userId: number, groups: Awaited<ReturnType<typeof groupsOf>>['groups']) => {
    for (const { cursorTime: _, ...data } of groups)
      app.live.sendHere([userId], { type: 'notification:new', data });
  };

  async function send({ userId, groupIds, subject, countMoved }: Change) {
    const filter = subject ? { subject } : groupIds.length ? { ids: groupIds } : null;
    const read = async () => {
      const { groups, unread } = filter
        ? await groupsOf(app.db, userId, filter)
        : { groups: [], unread: null };
      // A like joining an unread group is the common case on a popular post: no count to send.
      if (!countMoved) return { groups, unread: null };
      return { groups, unread: unread ?? (await unreadNotificationsOf(app.db, userId)) };
    };
    // Only a read that carries a count takes a turn: one without cannot overwrite the bell.
    if (!countMoved) return sendGroups(userId, (await read()).groups);
    await sendInOrder(userId, read, ({ groups, unread }, newest) => {
      sendGroups(userId, groups);
      if (newest && unread !== null)
        app.live.sendHere([userId], { type: 'notifications:unread', data: { unread } });
    });
  }

  return (change: Change) => {
    if (!app.live.holds(change.userId)) return;
    send(change).catch((err: unknown) =>
      app.log.warn({ err, userId: change.userId }, 'notifications: not delivered live'),
    );
  };
}
