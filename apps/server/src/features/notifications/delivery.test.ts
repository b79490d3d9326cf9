import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createNotificationDelivery } from './delivery';
import { createUnreadOrder } from './unread-order';

/** An app whose database must not be touched: any use of it fails the test. */
function appWithout(holds: boolean) {
  const db = new Proxy({}, { get: () => expect.fail('the database was read') });
  const sendHere = vi.fn();
  const app = { db, live: { holds: () => holds, sendHere }, log: { warn: vi.fn() } };
  return { app: app as unknown as FastifyInstance, sendHere };
}

describe('live notification delivery', () => {
  it('reads and sends nothing for a member with no socket on this process', async () => {
    const { app, sendHere } = appWithout(false);
    const deliver = createNotificationDelivery(app, createUnreadOrder());

    deliver({ kind: 'notifications', userId: 7, groupIds: [1, 2], countMoved: true });
    deliver({
      kind: 'notifications',
      userId: 7,
      groupIds: [],
      subject: { type: 'transfer', subjectKey: 3 },
      countMoved: true,
    });
    await new Promise((resolve) => setImmediate(resolve));

    expect(sendHere).not.toHaveBeenCalled();
    expect(app.log.warn).not.toHaveBeenCalled();
  });
});
