import { and, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { hourlySweep } from '../../lib/hourly-sweep';

/** Read notifications are kept this long after their latest event. */
const KEEP_READ_DAYS = 90;

/** One DELETE: several processes sweeping at once each take their own rows. */
export async function removeOldNotifications(db: Db): Promise<number> {
  const removed = await db
    .delete(notifications)
    .where(
      and(
        isNotNull(notifications.readAt),
        lt(notifications.createdAt, sql`now() - make_interval(days => ${KEEP_READ_DAYS})`),
      ),
    )
    .returning({ id: notifications.id });
  return removed.length;
}

export default fp(
  async function notificationsRetentionPlugin(app: FastifyInstance) {
    hourlySweep(app, () =>
      removeOldNotifications(app.db).then(
        (count) => {
          if (count) app.log.info({ count }, 'removed old read notifications');
        },
        (err: unknown) => app.log.warn({ err }, 'removing old notifications failed'),
      ),
    );
  },
  { name: 'notifications-retention' },
);
