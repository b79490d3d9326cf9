import type { FastifyInstance } from 'fastify';
import { groupsOf, unreadNotificationsOf } from '../../db/notification-groups';
import type { BusMessage, NotificationSubject } from '../../plugins/events';

type Change = Extract<BusMessage, { kind: 'notifications' }>;
type Pending = { groupIds: Set<number>; subjects: NotificationSubject[]; countMoved: boolean };

/**
 * Sends a member the groups that grew and their unread count, on the process holding their
 * sockets only. One read at a time per member: changes arriving meanwhile (a burst of likes on a
 * popular post) wait and are read together, so frames leave in the order of what they show and
 * a burst costs a few reads, not one per like.
 */
export function createNotificationDelivery(app: FastifyInstance) {
  const pending = new Map<number, Pending>();
  const reading = new Set<number>();

  async function send(userId: number, { groupIds, subjects, countMoved }: Pending) {
    const reads = [
      ...(groupIds.size ? [groupsOf(app.db, userId, { ids: [...groupIds] })] : []),
      ...subjects.map((subject) => groupsOf(app.db, userId, { subject })),
    ];
    let unread: number | null = null;
    for (const found of await Promise.all(reads)) {
      for (const { cursorTime: _, ...data } of found.groups)
        app.live.sendHere([userId], { type: 'notification:new', data });
      unread = found.unread ?? unread;
    }
    // A like joining an unread group is the common case on a popular post: no count to send.
    if (!countMoved) return;
    unread ??= await unreadNotificationsOf(app.db, userId);
    app.live.sendHere([userId], { type: 'notifications:unread', data: { unread } });
  }

  async function drain(userId: number) {
    reading.add(userId);
    try {
      for (let next = pending.get(userId); next; next = pending.get(userId)) {
        pending.delete(userId);
        await send(userId, next).catch((err: unknown) =>
          app.log.warn({ err, userId }, 'notifications: not delivered live'),
        );
      }
    } finally {
      reading.delete(userId);
    }
  }

  return (change: Change) => {
    if (!app.live.holds(change.userId)) return;
    const waiting = pending.get(change.userId) ?? {
      groupIds: new Set<number>(),
      subjects: [],
      countMoved: false,
    };
    for (const id of change.groupIds) waiting.groupIds.add(id);
    if (change.subject) waiting.subjects.push(change.subject);
    waiting.countMoved ||= change.countMoved;
    pending.set(change.userId, waiting);
    if (!reading.has(change.userId)) void drain(change.userId);
  };
}
