import type { FastifyInstance } from 'fastify';
import { groupsOf, unreadNotificationsOf } from '../../db/notification-groups';
import type { BusMessage } from '../../plugins/events';

type Change = Extract<BusMessage, { kind: 'notifications' }>;

/**
 * Sends a member the groups that grew and their unread count, on the process holding their
 * sockets only. One read at a time per member, in the order the changes came: each change is one
 * `notification:new` a group, and no frame shows a group older than the one before it.
 */
export function createNotificationDelivery(app: FastifyInstance) {
  const queues = new Map<number, Change[]>();

  async function send({ userId, groupIds, subject, countMoved }: Change) {
    const filter = subject ? { subject } : groupIds.length ? { ids: groupIds } : null;
    const { groups, unread } = filter
      ? await groupsOf(app.db, userId, filter)
      : { groups: [], unread: null };
    for (const { cursorTime: _, ...data } of groups)
      app.live.sendHere([userId], { type: 'notification:new', data });
    // A like joining an unread group is the common case on a popular post: no count to send.
    if (!countMoved) return;
    const count = unread ?? (await unreadNotificationsOf(app.db, userId));
    app.live.sendHere([userId], { type: 'notifications:unread', data: { unread: count } });
  }

  async function drain(userId: number, queue: Change[]) {
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        await send(next).catch((err: unknown) =>
          app.log.warn({ err, userId }, 'notifications: not delivered live'),
        );
      }
    } finally {
      queues.delete(userId);
    }
  }

  return (change: Change) => {
    if (!app.live.holds(change.userId)) return;
    const queue = queues.get(change.userId);
    if (queue) return void queue.push(change);
    const started = [change];
    queues.set(change.userId, started);
    void drain(change.userId, started);
  };
}
