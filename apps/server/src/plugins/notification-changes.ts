import type { NotificationChange } from '../db/notifications';
import type { EventBus, NotificationSubject } from './events';

/**
 * After the commit: tells the processes holding each member's sockets which of their groups grew
 * and whether their unread count moved (features/notifications/live.ts reads and sends them).
 * The command that wrote the notifications announces them: db/ only answers what changed. Like
 * any event, it never fails the caller, and the caller does not wait for Redis (events.ts).
 */
export function announce(bus: EventBus, changes: readonly NotificationChange[]) {
  const members = new Map<number, { groupIds: number[]; grown: number[]; countMoved: boolean }>();
  for (const { userId, groupId, grewOnly } of changes) {
    const member = members.get(userId) ?? { groupIds: [], grown: [], countMoved: false };
    if (groupId !== null) member.groupIds.push(groupId);
    // `grewOnly` is set, true or false, only where a group started or grew (db/notifications.ts).
    if (groupId !== null && grewOnly !== undefined) member.grown.push(groupId);
    if (!grewOnly) member.countMoved = true;
    members.set(userId, member);
  }
  for (const [userId, member] of members)
    void bus.post({ kind: 'notifications', userId, ...member });
}

/** A group a trigger wrote (a transfer's receipt), known by its subject, to its member. */
export const announceSubject = (bus: EventBus, userId: number, subject: NotificationSubject) =>
  bus.post({ kind: 'notifications', userId, groupIds: [], subject, countMoved: true });
