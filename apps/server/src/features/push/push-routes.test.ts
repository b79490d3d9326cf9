import { NUL_MESSAGE, PUSH, PUSH_MESSAGES } from '@devplay/shared';
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index';
import { createClient, createTestApp, type TestContext } from '../../test/app';
import { createMember } from '../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
});
afterAll(() => ctx.app.close());

/** A browser's keys; the endpoint is refused or accepted before anything is sent to it. */
function keys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}
const subscription = (endpoint: string) => ({ endpoint, keys: keys() });
const rows = () => ctx.app.db.select().from(pushSubscriptions);

describe('GET /api/push/key', () => {
  it('answers the VAPID public key to anyone: an uncompressed P-256 point', async () => {
    const response = await createClient(ctx.app).get('/push/key');
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json() as { publicKey: string };
    const point = Buffer.from(publicKey, 'base64url');
    expect([point.length, point[0]]).toEqual([65, 4]);
  });
});

describe('POST and DELETE /api/push/subscriptions: refusals', () => {
  it('answer 401 without a token', async () => {
    const anonymous = createClient(ctx.app);
    const body = subscription('https://push.example.com/x');
    expect((await anonymous.post('/push/subscriptions', body)).statusCode).toBe(401);
    expect((await anonymous.delete('/push/subscriptions', body)).statusCode).toBe(401);
  });

  it('refuse endpoints that are not https, too long, or hold a NUL byte (400)', async () => {
    const { client } = await createMember(ctx);
    const refused: [string, string][] = [
      ['http://push.example.com/x', PUSH_MESSAGES.endpointInvalid],
      ['ftp://push.example.com/x', PUSH_MESSAGES.endpointInvalid],
      ['javascript:alert(1)', PUSH_MESSAGES.endpointInvalid],
      ['not a url', PUSH_MESSAGES.endpointInvalid],
      [`https://push.example.com/${'a'.repeat(PUSH.endpointMax)}`, PUSH_MESSAGES.endpointTooLong],
      ['https://push.example.com/\u0000', NUL_MESSAGE],
    ];
    for (const [endpoint, message] of refused) {
      const response = await client.post('/push/subscriptions', subscription(endpoint));
      expect([response.statusCode, response.json().message], endpoint).toEqual([400, message]);
      const removal = await client.delete('/push/subscriptions', { endpoint });
      expect(removal.statusCode, endpoint).toBe(400);
    }
    expect(await rows()).toEqual([]);
  });

  it('refuse loopback, private, link-local and unspecified hosts (400)', async () => {
    const { client } = await createMember(ctx);
    for (const host of [
      '127.0.0.1',
      '127.8.9.10',
      'localhost',
      'push.localhost',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '[::1]',
      '[fd00::1]',
      '[fe80::1]',
      '[::ffff:10.0.0.1]',
    ]) {
      const response = await client.post('/push/subscriptions', subscription(`https://${host}/p`));
      expect([response.statusCode, response.json().message], host).toEqual([
        400,
        PUSH_MESSAGES.endpointPrivate,
      ]);
    }
    expect(await rows()).toEqual([]);
  });

  it('refuse keys that are not base64url of a P-256 point and 16 bytes, and unknown types', async () => {
    const { client } = await createMember(ctx);
    const endpoint = 'https://203.0.113.9/p';
    const good = keys();
    for (const bad of [
      { ...good, p256dh: good.p256dh.slice(1) },
      { ...good, p256dh: `${good.p256dh}AA` },
      // One character of x changed: no longer a point on the curve.
      {
        ...good,
        p256dh: `${good.p256dh.slice(0, 9)}${good.p256dh[9] === 'A' ? 'B' : 'A'}${good.p256dh.slice(10)}`,
      },
      { ...good, p256dh: `${good.p256dh.slice(0, -1)}+` },
      { ...good, auth: good.auth.slice(2) },
      { ...good, auth: 'A'.repeat(10_000) },
      { p256dh: good.p256dh },
      {},
    ]) {
      const response = await client.post('/push/subscriptions', { endpoint, keys: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    for (const types of [['likes'], 'like', Array(20).fill('like')]) {
      const response = await client.post('/push/subscriptions', { endpoint, keys: good, types });
      expect(response.statusCode, JSON.stringify(types)).toBe(400);
    }
    expect(await rows()).toEqual([]);
  });
});

describe('POST and DELETE /api/push/subscriptions', () => {
  it('keep one row per device, for whoever subscribed it last, and delete only their own', async () => {
    const [a, b] = [await createMember(ctx), await createMember(ctx)];
    const device = subscription('https://203.0.113.10/device');
    const made = await a.client.post('/push/subscriptions', { ...device, types: ['like'] });
    expect([made.statusCode, made.json()]).toEqual([201, { message: PUSH_MESSAGES.subscribed }]);
    const mine = (await rows()).filter((row) => row.endpoint === device.endpoint);
    expect(mine.map(({ userId, types }) => ({ userId, types }))).toEqual([
      { userId: a.id, types: ['like'] },
    ]);

    // Another member signs in on the same device: the row becomes theirs.
    expect((await b.client.post('/push/subscriptions', device)).statusCode).toBe(201);
    const moved = (await rows()).filter((row) => row.endpoint === device.endpoint);
    expect(moved.map(({ userId, types }) => ({ userId, types }))).toEqual([
      { userId: b.id, types: null },
    ]);

    const gone = await a.client.delete('/push/subscriptions', { endpoint: device.endpoint });
    expect([gone.statusCode, gone.json()]).toEqual([200, { message: PUSH_MESSAGES.unsubscribed }]);
    expect((await rows()).some((row) => row.endpoint === device.endpoint)).toBe(true);
    await b.client.delete('/push/subscriptions', { endpoint: device.endpoint });
    expect((await rows()).some((row) => row.endpoint === device.endpoint)).toBe(false);
  });

  it(`keep a member's newest ${PUSH.perMember} devices`, async () => {
    const { client, id } = await createMember(ctx);
    for (let i = 0; i <= PUSH.perMember; i++)
      expect(
        (await client.post('/push/subscriptions', subscription(`https://203.0.113.11/d${i}`)))
          .statusCode,
      ).toBe(201);
    const kept = (await rows()).filter((row) => row.userId === id).map((row) => row.endpoint);
    expect(kept).toHaveLength(PUSH.perMember);
    expect(kept).not.toContain('https://203.0.113.11/d0');
  });

  it('go with the account', async () => {
    const { client, id } = await createMember(ctx);
    await client.post('/push/subscriptions', subscription('https://203.0.113.12/leaving'));
    expect((await client.delete('/me')).statusCode).toBe(200);
    expect((await rows()).filter((row) => row.userId === id)).toEqual([]);
  });
});
