import { SAFETY_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, signUpUnverified, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
});
afterAll(() => ctx.app.close());

const members = (n: number) => Promise.all(Array.from({ length: n }, () => createMember(ctx)));
const usernames = (page: { items: { username: string }[] }) =>
  page.items.map((user) => user.username);

describe('POST /api/block, /unblock, /mute, /unmute', () => {
  const paths = ['/block', '/unblock', '/mute', '/unmute'];

  it('answer 401 without a token', async () => {
    const anonymous = createClient(ctx.app);
    for (const path of paths)
      expect((await anonymous.post(path, { username: 'someone' })).statusCode).toBe(401);
  });

  it('answer 403 to an unconfirmed member blocking or muting, not taking either back', async () => {
    const [target] = await members(1);
    const unverified = createClient(ctx.app);
    await signUpUnverified(unverified);
    const body = { username: target!.username };
    expect((await unverified.post('/block', body)).statusCode).toBe(403);
    expect((await unverified.post('/mute', body)).statusCode).toBe(403);
    expect((await unverified.post('/unblock', body)).json()).toEqual({ blocked: false });
    expect((await unverified.post('/unmute', body)).json()).toEqual({ muted: false });
  });

  it('answer 400 without a username, for a bad one, and for a bad notifications flag', async () => {
    const [a] = await members(1);
    for (const path of paths) {
      expect((await a!.client.post(path, {})).statusCode).toBe(400);
      expect((await a!.client.post(path, { username: 'a\u0000b' })).statusCode).toBe(400);
    }
    const flag = await a!.client.post('/mute', { username: a!.username, notifications: 'yes' });
    expect(flag.statusCode).toBe(400);
  });

  it('answer 400 SELF_TARGET for oneself, in any case', async () => {
    const [a] = await members(1);
    const self = { username: a!.username.toUpperCase() };
    for (const [path, message] of [
      ['/block', SAFETY_MESSAGES.selfBlock],
      ['/unblock', SAFETY_MESSAGES.selfBlock],
      ['/mute', SAFETY_MESSAGES.selfMute],
      ['/unmute', SAFETY_MESSAGES.selfMute],
    ] as const) {
      const response = await a!.client.post(path, self);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, code: 'SELF_TARGET', field: 'username' });
    }
  });

  it('answer 404 for an unknown username', async () => {
    const [a] = await members(1);
    for (const path of paths) {
      const response = await a!.client.post(path, { username: 'nobody_here' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('User not found');
    }
  });

  it('are idempotent', async () => {
    const [a, b] = await members(2);
    const body = { username: b!.username };
    for (let i = 0; i < 2; i++)
      expect((await a!.client.post('/block', body)).json()).toEqual({ blocked: true });
    for (let i = 0; i < 2; i++)
      expect((await a!.client.post('/mute', body)).json()).toEqual({ muted: true });
    expect(usernames((await a!.client.get('/blocks')).json())).toEqual([b!.username]);
    expect(usernames((await a!.client.get('/mutes')).json())).toEqual([b!.username]);
    for (let i = 0; i < 2; i++)
      expect((await a!.client.post('/unblock', body)).json()).toEqual({ blocked: false });
    for (let i = 0; i < 2; i++)
      expect((await a!.client.post('/unmute', body)).json()).toEqual({ muted: false });
    expect((await a!.client.get('/blocks')).json()).toEqual({ items: [], nextCursor: null });
    expect((await a!.client.get('/mutes')).json()).toEqual({ items: [], nextCursor: null });
  });

  it('tell the blocked member nothing but the flag on the blocker profile, and the muted member nothing', async () => {
    const [a, b, c] = await members(3);
    await a!.client.post('/block', { username: b!.username });
    await a!.client.post('/mute', { username: c!.username });
    expect((await b!.client.get('/blocks')).json().items).toEqual([]);
    expect((await b!.client.get(`/user/${a!.username}`)).json()).toMatchObject({
      blocksMe: true,
      blocked: false,
    });
    expect((await c!.client.get(`/user/${a!.username}`)).json()).toMatchObject({
      blocksMe: false,
      blocked: false,
      muted: false,
      canMessage: true,
    });
  });
});

describe('GET /api/blocks and /api/mutes', () => {
  it('answer 401 without a token and 400 for a bad cursor or limit', async () => {
    expect((await createClient(ctx.app).get('/blocks')).statusCode).toBe(401);
    expect((await createClient(ctx.app).get('/mutes')).statusCode).toBe(401);
    const [a] = await members(1);
    for (const query of ['?limit=0', '?limit=101', '?cursor=nope']) {
      expect((await a!.client.get(`/blocks${query}`)).statusCode).toBe(400);
      expect((await a!.client.get(`/mutes${query}`)).statusCode).toBe(400);
    }
  });

  it('page newest first without gaps or repeats, the caller only', async () => {
    const [a, ...others] = await members(4);
    for (const other of others) {
      await a!.client.post('/block', { username: other.username });
      await a!.client.post('/mute', { username: other.username, notifications: false });
    }
    const newestFirst = others.map((other) => other.username).reverse();
    for (const path of ['/blocks', '/mutes']) {
      const first = (await a!.client.get(`${path}?limit=2`)).json();
      expect(usernames(first)).toEqual(newestFirst.slice(0, 2));
      const second = (await a!.client.get(`${path}?limit=2&cursor=${first.nextCursor}`)).json();
      expect(usernames(second)).toEqual(newestFirst.slice(2));
      expect(second.nextCursor).toBeNull();
      expect(Object.keys(second.items[0]).sort()).toEqual(['avatar', 'fullName', 'id', 'username']);
    }
  });
});

describe('PUT /api/me/privacy', () => {
  const privacyOf = async (member: Member) => (await member.client.get('/me')).json().privacy;

  it('answers 401 without a token', async () => {
    expect((await createClient(ctx.app).put('/me/privacy', {})).statusCode).toBe(401);
  });

  it('refuses an unknown audience or field with 400 and changes nothing', async () => {
    const [a] = await members(1);
    for (const body of [
      { messagesFrom: 'friends' },
      { transfersFrom: null },
      { messagesFrom: 'nobody', other: true },
      { messagesFrom: 'nobody\u0000' },
    ]) {
      expect((await a!.client.put('/me/privacy', body)).statusCode).toBe(400);
    }
    expect(await privacyOf(a!)).toEqual({ messagesFrom: 'everyone', transfersFrom: 'everyone' });
  });

  it('takes any subset, answers all of it, and Me shows it at once', async () => {
    const [a] = await members(1);
    const privacy = async (body: object) => (await a!.client.put('/me/privacy', body)).json();
    expect(await privacy({})).toEqual({ messagesFrom: 'everyone', transfersFrom: 'everyone' });
    expect(await privacy({ messagesFrom: 'following' })).toEqual({
      messagesFrom: 'following',
      transfersFrom: 'everyone',
    });
    expect(await privacy({ transfersFrom: 'nobody' })).toEqual({
      messagesFrom: 'following',
      transfersFrom: 'nobody',
    });
    expect(await privacyOf(a!)).toEqual({ messagesFrom: 'following', transfersFrom: 'nobody' });
  });
});
