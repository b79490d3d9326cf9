import { SESSION_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type Client, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { connectLive, eventually } from '../../test/live-client';
import { maskAddress } from '../../lib/device';

const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

/** The member signing in on another browser, from another address. */
async function anotherDevice(member: Member, userAgent: string): Promise<Client> {
  const device = createClient(ctx.app);
  const signIn = await device.post(
    '/signin',
    { email: member.email, password: member.password },
    { 'user-agent': userAgent },
  );
  device.token = signIn.json().token;
  return device;
}

const sessionsOf = async (client: Client) => (await client.get('/me/sessions')).json();

describe('the signed-in devices routes refuse', () => {
  it.each([
    ['GET', '/me/sessions'],
    ['DELETE', '/me/sessions'],
    ['DELETE', '/me/sessions/7b0a4b8e-0f0e-4c49-9d4c-5b7e1d7f3a11'],
  ])('%s %s without a session (401)', async (method, url) => {
    const anonymous = createClient(ctx.app);
    const response = method === 'GET' ? await anonymous.get(url) : await anonymous.delete(url);
    expect(response.statusCode).toBe(401);
  });

  it('an id that is not a session id (400), and a session that is not the member’s (404)', async () => {
    const member = await createMember(ctx);
    const other = await createMember(ctx);
    expect((await member.client.delete('/me/sessions/42')).statusCode).toBe(400);
    const [theirs] = await sessionsOf(other.client);
    const refused = await member.client.delete(`/me/sessions/${theirs.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: SESSION_MESSAGES.notFound, code: 'NOT_FOUND' });
    expect((await other.client.get('/me')).statusCode).toBe(200);
  });
});

describe('GET /api/me/sessions', () => {
  it('lists each sign-in with its browser, system, masked address and which is this one', async () => {
    const member = await createMember(ctx);
    const laptop = await anotherDevice(member, FIREFOX_WINDOWS);
    const phone = await anotherDevice(member, SAFARI_IPHONE);
    const listed = await sessionsOf(phone);
    expect(listed).toHaveLength(3);
    expect(listed[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      browser: 'Safari 17',
      os: 'iOS 17.5',
      ip: maskAddress(phone.ip),
      current: true,
    });
    expect(listed[1]).toMatchObject({ browser: 'Firefox 133', os: 'Windows 10', current: false });
    expect(listed[1].ip).toBe(maskAddress(laptop.ip));
    expect(listed[2]).toMatchObject({
      browser: SESSION_MESSAGES.unknownBrowser,
      os: SESSION_MESSAGES.unknownSystem,
    });
    expect(listed.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
  });

  it('moves a device up and takes its browser when it refreshes', async () => {
    const member = await createMember(ctx);
    const laptop = await anotherDevice(member, FIREFOX_WINDOWS);
    const refreshed = await member.client.post('/refresh', undefined, {
      'user-agent': SAFARI_IPHONE,
    });
    expect(refreshed.statusCode).toBe(200);
    const [first, second] = await sessionsOf(laptop);
    expect(first).toMatchObject({ browser: 'Safari 17', current: false });
    expect(second).toMatchObject({ browser: 'Firefox 133', current: true });
  });

  it('leaves out sessions that ended', async () => {
    const member = await createMember(ctx);
    const laptop = await anotherDevice(member, FIREFOX_WINDOWS);
    await laptop.post('/logout');
    expect(await sessionsOf(member.client)).toHaveLength(1);
  });
});

describe('ending sessions', () => {
  it('ends one device: its token, refresh and socket stop, the others carry on', async () => {
    const member = await createMember(ctx);
    const laptop = await anotherDevice(member, FIREFOX_WINDOWS);
    const laptopSocket = await connectLive(ctx.app, laptop.token!);
    const laptopSession = (await sessionsOf(laptop)).find(
      (session: { current: boolean }) => session.current,
    );
    const ended = await member.client.delete(`/me/sessions/${laptopSession.id}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ message: SESSION_MESSAGES.ended });
    await eventually(() => laptopSocket.closed.code !== undefined);
    expect(laptopSocket.closed.code).toBe(4401);
    expect((await laptop.get('/me')).statusCode).toBe(401);
    expect((await laptop.post('/refresh')).statusCode).toBe(401);
    expect((await member.client.get('/me')).statusCode).toBe(200);
    expect(await sessionsOf(member.client)).toHaveLength(1);
    // Ended already: nothing left to end.
    expect((await member.client.delete(`/me/sessions/${laptopSession.id}`)).statusCode).toBe(404);
  });

  it('ends every other device and keeps this one', async () => {
    const member = await createMember(ctx);
    const laptop = await anotherDevice(member, FIREFOX_WINDOWS);
    const phone = await anotherDevice(member, SAFARI_IPHONE);
    const ended = await phone.delete('/me/sessions');
    expect(ended.json()).toEqual({ message: SESSION_MESSAGES.othersEnded });
    expect((await laptop.get('/me')).statusCode).toBe(401);
    expect((await member.client.get('/me')).statusCode).toBe(401);
    expect((await phone.get('/me')).statusCode).toBe(200);
    expect(await sessionsOf(phone)).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('maskAddress', () => {
  it.each([
    ['203.0.113.57', '203.0.113.x'],
    ['::ffff:198.51.100.7', '198.51.100.x'],
    ['2001:db8:85a3::8a2e:370:7334', '2001:db8:85a3:x'],
    ['::1', '0:0:0:x'],
    ['not an address', 'x'],
  ])('%s → %s', (ip, masked) => {
    expect(maskAddress(ip)).toBe(masked);
  });
});
