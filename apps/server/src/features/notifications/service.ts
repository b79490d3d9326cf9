import {
  NOTIFICATION_TYPES,
  type NotificationPage,
  type NotificationSettings,
} from '@devplay/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listGroups, unreadNotificationsOf } from '../../db/notification-groups';
import { notifications, notificationSettings } from '../../db/schema/index';
import { decodeCursor, toPage, type Cursor } from '../../lib/cursor';
import type { EventBus } from '../../plugins/events';
import { firstPage } from './first-pages';

export async function listNotifications(
  db: Db,
  userId: number,
  query: { cursor?: string; limit: number; unread?: 'true' | 'false' },
): Promise<NotificationPage> {
  const before = decodeCursor(query.cursor);
  const unreadOnly = query.unread === 'true';
  const shape = { unreadOnly, limit: query.limit };
  const read = () => readPage(db, userId, { before, ...shape });
  return before ? read() : firstPage(db, userId, shape, read);
}

async function readPage(
  db: Db,
  userId: number,
  query: { before: Cursor | null; unreadOnly: boolean; limit: number },
): Promise<NotificationPage> {
  const { groups: rows, unread } = await listGroups(db, userId, {
    ...query,
    limit: query.limit + 1,
  });
  const page = toPage(
    rows,
    query.limit,
    (row) => row.id,
    ({ cursorTime: _, ...group }) => group,
  );
  // No group: on a first page that means none unread either; past a cursor, the counter says.
  const unreadNow = unread ?? (query.before ? await unreadNotificationsOf(db, userId) : 0);
  return { ...page, unread: unreadNow };
}

/** Marks the caller's groups read, some or all; ids of anyone else's change nothing. */
export async function markRead(db: Db, bus: EventBus, userId: number, ids?: number[]) {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids.length ? ids : [0]) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  const unread = await unreadNotificationsOf(db, userId);
  if (marked.length)
    await bus.publish([userId], { type: 'notifications:unread', data: { unread } });
  return { unread };
}

const ALL_ON = Object.fromEntries(
  NOTIFICATION_TYPES.map((type) => [type, true]),
) as NotificationSettings;

const settingsColumns = Object.fromEntries(
  NOTIFICATION_TYPES.map((type) => [type, notificationSettings[type]]),
) as { [Type in keyof NotificationSettings]: (typeof notificationSettings)[Type] };

export async function settingsOf(db: Db, userId: number): Promise<NotificationSettings> {
  const [row] = await db
    .select(settingsColumns)
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? ALL_ON;
}

/** Only the switches given change; the first change makes the member's row. */
export async function updateSettings(
  db: Db,
  userId: number,
  change: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  if (Object.keys(change).length === 0) return settingsOf(db, userId);
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...change })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: change })
    .returning(settingsColumns);
  return row!;
}
