import webPush from 'web-push';
import { describe, expect, it, vi } from 'vitest';
import { createPushSender } from './sender';

const vapid = { ...webPush.generateVAPIDKeys(), subject: 'mailto:push-tests@devplay.local' };
const device = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

describe('sending a push', () => {
  it('refuses, without connecting, a name that resolves to a private address when it leaves', async () => {
    const log = { warn: vi.fn() };
    const send = createPushSender(vapid, false, log as never);
    // localhost resolves to loopback: a name repointed inside after the member subscribed.
    const outcome = await send({ ...device, endpoint: 'https://localhost:9/push/x' }, {}, 't');
    expect(outcome).toBe('refused');
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ reason: 'localhost resolves to a private address' }),
      'push: refused by the push service',
    );
  });
});
