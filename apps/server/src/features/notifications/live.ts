import { LIMITS, type LiveEvent } from '@devplay/shared';
import type { FastifyPluginAsync } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { groupsChangedSince, unreadNotificationsOf } from '../../db/notification-groups';
import { inTurns } from '../../lib/in-turn';
import { createNotificationDelivery } from './delivery';
import { createUnreadOrder } from './unread-order';

/**
 * Groups replayed at most: a long absence (10,000 groups changed) is one bounded read, not a
 * stream of megabytes holding the process; the client reads older ones from the list.
 */
const REPLAY_MAX = 50;
/** Frames sent per turn of the event loop, so other requests are answered between slices. */
const REPLAY_SLICE = 10;

/**
 * What a live socket receives on connecting (API.md): with `notificationsSince`, the newest 50
 * groups changed after it, oldest first, and `resync` when more had changed; then the unread
 * count; and while it stays, each change.
 */
const notificationsLive: FastifyPluginAsync = async (app) => {
  const sendInOrder = createUnreadOrder();
  const deliver = createNotificationDelivery(app, sendInOrder);
  const unsubscribe = app.events.subscribe((message) => {
    if (message.kind === 'notifications') deliver(message);
  });
  app.addHook('onClose', async () => unsubscribe());
  const inTurn = inTurns();

  async function replay(
    send: (event: LiveEvent) => void,
    userId: number,
    notificationsSince: string,
  ) {
    // The client holds milliseconds; the database keeps microseconds: the rest of the client's
    // millisecond is what it already holds.
    const since = {
      t: new Date(notificationsSince).toISOString().replace('Z', '999Z'),
      id: LIMITS.idMax,
    };
    // One more than replayed tells whether the replay is whole. A restart reconnects every socket
    // at once: their reads go one after the other, and other requests between them.
    const { groups } = await inTurn(() =>
      groupsChangedSince(app.db, userId, since, REPLAY_MAX + 1),
    );
    const replayed = groups.slice(0, REPLAY_MAX).reverse();
    for (let start = 0; start < replayed.length; start += REPLAY_SLICE) {
      if (start > 0) await nextTurn();
      for (const { cursorTime: _, ...data } of replayed.slice(start, start + REPLAY_SLICE))
        send({ type: 'notification:new', data });
    }
    if (groups.length > REPLAY_MAX) send({ type: 'resync', data: { reason: 'replay-capped' } });
  }

  app.live.onAuthenticated(async (send, { userId, notificationsSince }) => {
    if (notificationsSince !== undefined) await replay(send, userId, notificationsSince);
    // Always sent: what this socket hears after its greeting waits until the greeting is sent, so
    // nothing newer came before. The ticket still keeps a change's older count from following it;
    // a greeting read after another socket's was answered is no older for its own socket.
    await sendInOrder(
      userId,
      () => unreadNotificationsOf(app.db, userId),
      (unread) => send({ type: 'notifications:unread', data: { unread } }),
    );
  });
};
export default notificationsLive;
