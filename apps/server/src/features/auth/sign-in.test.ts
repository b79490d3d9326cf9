import { AUTH_MESSAGES, SESSION } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_LIMITS } from '../../plugins/route-limits';
import {
  createClient,
  createTestApp,
  newUser,
  signUp,
  signUpVerified,
  TEST_SECRET,
  type TestContext,
} from '../../test/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: new Set(['boss@example.com']) });
});
afterAll(() => ctx.app.close());

describe('POST /api/signin', () => {
  it.each([
    [{ email: '' }, 'email', 'Enter email'],
    [{ email: 'x@' }, 'email', 'Incorrect email'],
    [{ password: '' }, 'password', 'Enter password'],
    [{ password: '1234' }, 'password', 'Minimum 5 characters'],
  ])('answers 400 for %o', async (patch, field, message) => {
    const response = await createClient(ctx.app).post('/signin', {
      email: 'a@b.co',
      password: '12345',
      ...patch,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR', field });
  });

  it('answers 401 alike for a wrong password and an unknown e-mail', async () => {
    const user = newUser();
    const client = createClient(ctx.app);
    await signUp(client, user);
    const wrong = await client.post('/signin', { email: user.email, password: 'Wrong1!pass' });
    const unknown = await client.post('/signin', {
      email: 'nobody@example.com',
      password: user.password,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      message: AUTH_MESSAGES.invalidCredentials,
      code: 'INVALID_CREDENTIALS',
    });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('lets an unverified member in, with isVerified false (SPEC §4)', async () => {
    const user = newUser();
    const client = createClient(ctx.app);
    await signUp(client, user);
    const response = await client.post('/signin', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      email: user.email,
      isVerified: false,
      isAdmin: false,
    });
  });

  it('answers a token, the member, and an httpOnly SameSite=Strict refresh cookie scoped to /api', async () => {
    const user = newUser();
    const client = createClient(ctx.app);
    await signUp(client, user);
    const response = await client.post('/signin', { email: user.email, password: user.password });
    const body = response.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      username: user.username,
      fullName: user.username,
      avatar: null,
      balance: 0,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    const cookie = response.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });
    const lifetimeDays = (new Date(cookie!.expires!).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(lifetimeDays)).toBe(SESSION.refreshTokenTtlDays);
  });

  it('marks members listed in ADMIN_EMAILS as admins', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client, { ...newUser(), email: 'boss@example.com' });
    expect((await client.get('/me')).json().isAdmin).toBe(true);
  });

  it(`answers 429 after ${ROUTE_LIMITS['POST /signin']!.perAddress.max} attempts from one address`, async () => {
    const client = createClient(ctx.app);
    for (let i = 0; i < ROUTE_LIMITS['POST /signin']!.perAddress.max; i++) {
      await client.post('/signin', { email: 'a@b.co', password: 'whatever' });
    }
    const response = await client.post('/signin', { email: 'a@b.co', password: 'whatever' });
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toBe('Too many requests. Please try again later.');
  });
});

describe('GET /api/me', () => {
  it('answers 401 without a token, with a forged one, and with an expired one', async () => {
    const client = createClient(ctx.app);
    expect((await client.get('/me')).statusCode).toBe(401);
    expect((await client.get('/me')).json().message).toBe('Authorization required.');
    client.token = 'not.a.jwt';
    expect((await client.get('/me')).statusCode).toBe(401);
    const { SignJWT } = await import('jose');
    client.token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await client.get('/me')).statusCode).toBe(401);
  });

  it('answers the member for the access-token header and for a Bearer header', async () => {
    const client = createClient(ctx.app);
    const user = await signUpVerified(ctx, client);
    const me = await client.get('/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      username: user.username,
      email: user.email,
      isVerified: true,
    });
    const token = client.token!;
    client.token = undefined;
    const bearer = await client.get('/me', { authorization: `Bearer ${token}` });
    expect(bearer.json().username).toBe(user.username);
  });
});

describe('POST /api/refresh', () => {
  it('answers 401 without a cookie or with an unknown one', async () => {
    const client = createClient(ctx.app);
    expect((await client.post('/refresh')).statusCode).toBe(401);
    client.refreshCookie = 'made-up';
    const response = await client.post('/refresh');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_REFRESH_TOKEN');
  });

  it('rotates: answers a working token and a new cookie each time', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    const first = client.refreshCookie;
    const response = await client.post('/refresh');
    expect(response.statusCode).toBe(200);
    expect(client.refreshCookie).not.toBe(first);
    client.token = response.json().token;
    expect((await client.get('/me')).statusCode).toBe(200);
  });

  it('serves two tabs refreshing with the same cookie at once', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    const shared = client.refreshCookie;
    const tabA = createClient(ctx.app, client.ip);
    const tabB = createClient(ctx.app, client.ip);
    tabA.refreshCookie = shared;
    tabB.refreshCookie = shared;
    const [a, b] = await Promise.all([tabA.post('/refresh'), tabB.post('/refresh')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Both tabs stay signed in afterwards.
    expect((await tabA.post('/refresh')).statusCode).toBe(200);
    expect((await tabB.post('/refresh')).statusCode).toBe(200);
  });

  it('revokes the whole session when a used token is replayed after the grace period', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    const stolen = client.refreshCookie;
    expect((await client.post('/refresh')).statusCode).toBe(200);
    await ctx.app.db.execute(
      sql`update refresh_tokens set used_at = now() - make_interval(secs => ${SESSION.refreshReuseGraceSeconds + 1}) where used_at is not null`,
    );
    const thief = createClient(ctx.app);
    thief.refreshCookie = stolen;
    const replay = await thief.post('/refresh');
    expect(replay.statusCode).toBe(401);
    // The rightful owner's newer token died with the family.
    expect((await client.post('/refresh')).statusCode).toBe(401);
  });

  it('refuses a session past its absolute lifetime', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    await ctx.app.db.execute(
      sql`update refresh_tokens set expires_at = now() - interval '1 second'`,
    );
    expect((await client.post('/refresh')).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('answers 200 even without a session', async () => {
    const response = await createClient(ctx.app).post('/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.signedOut });
  });

  it('revokes the session and clears the cookie', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    const cookie = client.refreshCookie;
    const response = await client.post('/logout');
    const cleared = response.cookies.find((c) => c.name === 'refresh_token');
    expect(cleared?.value).toBe('');
    const again = createClient(ctx.app);
    again.refreshCookie = cookie;
    expect((await again.post('/refresh')).statusCode).toBe(401);
  });

  it('ends only that session: another device stays signed in', async () => {
    const phone = createClient(ctx.app);
    const user = await signUpVerified(ctx, phone);
    const laptop = createClient(ctx.app);
    await laptop.post('/signin', { email: user.email, password: user.password });
    await phone.post('/logout');
    expect((await laptop.post('/refresh')).statusCode).toBe(200);
  });
});
