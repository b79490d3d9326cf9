import type { Notification, NotificationType, PushType } from '@devplay/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupsOf } from '../../db/notification-groups';
import { messages, notificationSettings, users } from '../../db/schema/index';
import type { NotificationSubject } from '../../plugins/events';
import { messagePush, notificationPush, type PushPayload } from './push-text';
import type { createPushSender } from './sender';
import { forgetSubscription, subscriptionsFor } from './subscriptions';

export const PUSH_JOB = 'push';

/** What to push to a member: groups of theirs that grew, a group known by subject, a message. */
export type PushJob =
  | { userId: number; groupIds: number[] }
  | { userId: number; subject: NotificationSubject }
  | { userId: number; messageId: number };

type Push = { type: PushType; payload: PushPayload };

/** Read when the job runs: a group as it stands now, unless read meanwhile; a message unread. */
async function pushesOf(db: Db, job: PushJob): Promise<Push[]> {
  if ('messageId' in job) {
    const [row] = await db
      .select({
        text: messages.text,
        sender: { id: users.id, username: users.username, fullName: users.fullName },
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(
        and(
          eq(messages.id, job.messageId),
          eq(messages.receiverId, job.userId),
          isNull(messages.readAt),
        ),
      );
    return row ? [{ type: 'message', payload: messagePush(row.sender, row.text) }] : [];
  }
  const filter = 'subject' in job ? { subject: job.subject } : { ids: job.groupIds };
  const { groups } = await groupsOf(db, job.userId, filter);
  return groups
    .filter((group) => group.readAt === null)
    .map((group) => ({ type: group.type, payload: notificationPush(group as Notification) }));
}

/** The member's switch for the type, now (a message has none: `types` alone decides). */
async function wanted(db: Db, userId: number, type: PushType) {
  if (type === 'message') return true;
  const [row] = await db
    .select({ on: sql<boolean>`${sql.identifier(type satisfies NotificationType)}` })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row?.on ?? true;
}

/**
 * The job: each push to every device of the member that wants its type. A device the push
 * service says is gone (404, 410) is forgotten; one it refuses otherwise is skipped; a busy or
 * unreachable service (429, 5xx, no answer) fails the attempt, and the job runner tries again
 * with backoff, sending to all the member's devices again (a repeat carries the same tag, so it
 * replaces the first on the devices that had it).
 */
export function createPushDelivery(db: Db, send: ReturnType<typeof createPushSender>) {
  return async (job: PushJob) => {
    let retry = false;
    for (const { type, payload } of await pushesOf(db, job)) {
      if (!(await wanted(db, job.userId, type))) continue;
      const devices = await subscriptionsFor(db, job.userId, type);
      const outcomes = await Promise.all(
        devices.map(async (device) => ({
          device,
          outcome: await send(device, payload, payload.tag),
        })),
      );
      for (const { device, outcome } of outcomes) {
        if (outcome === 'gone') await forgetSubscription(db, device.id);
        if (outcome === 'retry') retry = true;
      }
    }
    if (retry) throw new Error('a push service was busy or unreachable; trying again');
  };
}
