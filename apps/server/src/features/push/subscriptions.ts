import { PUSH, type SubscribePushInput } from '@devplay/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batchedByTurn } from '../../db/batched';
import { pushSubscriptions } from '../../db/schema/index';

/**
 * The device's row, for whoever is signed in there now (its endpoint is unique), then the
 * member's oldest past `PUSH.perMember` go: a device no longer used never answers 410 to a push
 * that is never sent, so without the cap they would pile up.
 */
export async function saveSubscription(db: Db, userId: number, input: SubscribePushInput) {
  const row = {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    types: input.types ?? null,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(row)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...row, createdAt: sql`now()` },
      });
    await tx.execute(sql`delete from ${pushSubscriptions} where id in (
      select id from ${pushSubscriptions} where user_id = ${userId}
      order by created_at desc, id desc offset ${PUSH.perMember})`);
  });
}

/** Only the caller's own row: another member's device is not theirs to switch off. */
export async function removeSubscription(db: Db, userId: number, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A push service said the subscription is gone (404, 410). */
export async function forgetSubscription(db: Db, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The member's devices, with the kinds each wants (null: all). */
export function subscriptionsOf(db: Db, userId: number) {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      types: pushSubscriptions.types,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/**
 * Whether a member has any push subscription: asked for every notification and message, so the
 * questions of one turn go as one indexed read (push_subscriptions_user_idx).
 */
export const hasSubscription = batchedByTurn(
  async (db: Db, userIds: number[]) => {
    const ids = `{${[...new Set(userIds)].join(',')}}`;
    const rows = (await db.execute(
      sql`select distinct user_id as "userId" from ${pushSubscriptions} where user_id = any(${ids}::int[])`,
    )) as unknown as { rows: { userId: number }[] };
    const subscribed = new Set(rows.rows.map((row) => row.userId));
    return userIds.map((id) => subscribed.has(id));
  },
  { maxBatch: 100 },
);
