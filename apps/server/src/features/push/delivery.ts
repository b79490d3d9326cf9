import type { Notification, PushType } from '@devplay/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupsOf } from '../../db/notification-groups';
import { messages, notificationSettings, users } from '../../db/schema/index';
import { inLimit } from './in-limit';
import type { PushJob } from './push-queue';
import { messagePush, notificationPush, type PushPayload } from './push-text';
import type { createPushSender } from './sender';
import { forgetSubscription, subscriptionsOf } from './subscriptions';

export const PUSH_JOB = 'push';
/** Push jobs running at once in a process: a burst waits here, not in the database's queue. */
const CONCURRENT_JOBS = 8;

type Push = { type: PushType; payload: PushPayload };

/** The newest unread message from each sender among `ids`: one push per conversation. */
async function messagePushes(db: Db, userId: number, ids: number[]): Promise<Push[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      text: messages.text,
      sender: { id: users.id, username: users.username, fullName: users.fullName },
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(inArray(messages.id, ids), eq(messages.receiverId, userId), isNull(messages.readAt)))
    .orderBy(messages.id);
  const newest = new Map(rows.map((row) => [row.sender.id, row]));
  return [...newest.values()].map((row) => ({
    type: 'message',
    payload: messagePush(row.sender, row.text),
  }));
}

/** Read when the job runs: each group as it stands now, unless read or gone meanwhile. */
async function notificationPushes(db: Db, job: PushJob): Promise<Push[]> {
  const filters = [
    ...(job.groupIds.length ? [{ ids: job.groupIds }] : []),
    ...job.subjects.map((subject) => ({ subject })),
  ];
  if (filters.length === 0) return [];
  const { groups } = await groupsOf(db, job.userId, filters);
  return groups
    .filter((group) => group.readAt === null)
    .map((group) => ({
      type: group.type,
      payload: notificationPush(group as Notification, job.userId),
    }));
}

/** The member's switches, now: a type is on unless switched off; a message has no switch. */
async function switchesOf(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return (type: PushType) => type === 'message' || (row?.[type] ?? true);
}

/**
 * The job: each push to every device of the member that wants its type. A device the push
 * service says is gone (404, 410) is forgotten; one it refuses otherwise is skipped; a busy or
 * unreachable service (429, 5xx, no answer) fails the attempt, and the job runner tries again
 * with backoff, sending to all the member's devices again (a repeat carries the same tag, so it
 * replaces the first on the devices that had it).
 */
export function createPushDelivery(db: Db, send: ReturnType<typeof createPushSender>) {
  const limit = inLimit(CONCURRENT_JOBS);
  return (job: PushJob) => limit(() => deliver(job));

  async function deliver(job: PushJob) {
    let retry = false;
    const pushes = [
      ...(await notificationPushes(db, job)),
      ...(await messagePushes(db, job.userId, job.messageIds)),
    ];
    if (pushes.length === 0) return;
    // Read once for all of the job's pushes.
    const [wanted, subscribed] = await Promise.all([
      switchesOf(db, job.userId),
      subscriptionsOf(db, job.userId),
    ]);
    let devices = subscribed;
    for (const { type, payload } of pushes) {
      if (!wanted(type)) continue;
      const outcomes = await Promise.all(
        devices
          .filter((device) => !device.types || device.types.includes(type))
          .map(async (device) => ({
            device,
            outcome: await send(device, payload, payload.tag),
          })),
      );
      for (const { device, outcome } of outcomes) {
        if (outcome === 'retry') retry = true;
        if (outcome !== 'gone') continue;
        await forgetSubscription(db, device.id);
        devices = devices.filter((kept) => kept !== device);
      }
    }
    if (retry) throw new Error('a push service was busy or unreachable; trying again');
  }
}
