import { AUTH_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../plugins/account-limits';
import {
  createClient,
  createTestApp,
  newUser,
  sameUserElsewhere,
  signUp,
  signUpUnverified,
  type Client,
  type TestContext,
} from '../../test/app';
import { createMember, publish } from '../../test/factories';
import { connectLive, eventually } from '../../test/live-client';

const ADMIN_EMAIL = 'boss@example.com';
const NEW_PASSWORD = 'Brand1!newpass';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: new Set([ADMIN_EMAIL]) });
});
afterAll(() => ctx.app.close());

/** Each attempt from a fresh address, so only the per-account limit can stop it. */
const fromNewAddress = (body: object, url: string) => createClient(ctx.app).post(url, body);

async function signIn(client: Client, email: string, password: string) {
  const response = await client.post('/signin', { email, password });
  client.token = response.json().token;
  return response;
}

describe('admin rights', () => {
  it('need the admin address confirmed: an unconfirmed sign-up with it is a plain member', async () => {
    const author = await createMember(ctx);
    const post = await publish(ctx, author.client);
    const impostor = createClient(ctx.app);
    await signUpUnverified(impostor, { ...newUser(), email: ADMIN_EMAIL });

    expect((await impostor.get('/me')).json().isAdmin).toBe(false);
    expect((await impostor.delete(`/post/${post.id}`)).statusCode).toBe(403);
    expect((await author.client.get(`/posts?user_id=${author.id}`)).json().items).toHaveLength(1);
  });
});

describe('ending sessions', () => {
  it('logout refuses the access token at once, not after its 15 minutes', async () => {
    const member = await createMember(ctx);
    expect((await member.client.get('/me')).statusCode).toBe(200);
    await member.client.post('/logout');
    const response = await member.client.get('/me');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(AUTH_MESSAGES.sessionExpired);
  });

  it('logout ends only the session it was called from', async () => {
    const member = await createMember(ctx);
    const laptop = createClient(ctx.app);
    await signIn(laptop, member.email, member.password);
    await member.client.post('/logout');
    expect((await laptop.get('/me')).statusCode).toBe(200);
    expect((await laptop.post('/refresh')).statusCode).toBe(200);
  });

  it('a password change signs out every other session and keeps the current one', async () => {
    const member = await createMember(ctx);
    const laptop = createClient(ctx.app);
    await signIn(laptop, member.email, member.password);

    const change = await member.client.put('/me', {
      currentPassword: member.password,
      newPassword: NEW_PASSWORD,
    });
    expect(change.statusCode).toBe(200);

    expect((await laptop.get('/me')).statusCode).toBe(401);
    expect((await laptop.post('/refresh')).statusCode).toBe(401);
    expect((await member.client.get('/me')).statusCode).toBe(200);
    const refreshed = await member.client.post('/refresh');
    expect(refreshed.statusCode).toBe(200);
    member.client.token = refreshed.json().token;
    expect((await member.client.get('/me')).statusCode).toBe(200);
  });

  it('closes the sockets of the ended sessions: logout, password change, account deletion', async () => {
    const member = await createMember(ctx);
    const laptop = createClient(ctx.app);
    await signIn(laptop, member.email, member.password);
    const phoneSocket = await connectLive(ctx.app, member.token);
    const laptopSocket = await connectLive(ctx.app, laptop.token!);

    await member.client.put('/me', { currentPassword: member.password, newPassword: NEW_PASSWORD });
    await eventually(() => laptopSocket.closed.code !== undefined);
    expect(laptopSocket.closed).toEqual({ code: 4401, reason: 'session ended' });
    expect(phoneSocket.closed.code).toBeUndefined();

    await member.client.post('/logout');
    await eventually(() => phoneSocket.closed.code !== undefined);
    expect(phoneSocket.closed.code).toBe(4401);

    const other = await createMember(ctx);
    const otherSocket = await connectLive(ctx.app, other.token);
    expect((await other.client.delete('/me')).statusCode).toBe(200);
    await eventually(() => otherSocket.closed.code !== undefined);
    expect(otherSocket.closed.code).toBe(4401);
  });

  it('refuses an access token that names no session', async () => {
    const member = await createMember(ctx);
    const { SignJWT } = await import('jose');
    const { TEST_SECRET } = await import('../../test/app');
    member.client.token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(member.id))
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect((await member.client.get('/me')).statusCode).toBe(401);
  });
});

describe('limits per account, whatever the address', () => {
  it(`stops sign-in after ${ACCOUNT_LIMITS.signInFailures.max} failures, even with the right password`, async () => {
    const member = await createMember(ctx);
    for (let i = 0; i < ACCOUNT_LIMITS.signInFailures.max; i++) {
      const failed = await fromNewAddress(
        { email: member.email, password: 'Wrong1!pass' },
        '/signin',
      );
      expect(failed.statusCode).toBe(401);
    }
    const blocked = await fromNewAddress(
      { email: member.email, password: member.password },
      '/signin',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many requests. Please try again later.');
  });

  it('answers an unknown e-mail exactly like a known one, so the limit reveals no account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ACCOUNT_LIMITS.signInFailures.max; i++) {
      const response = await fromNewAddress(
        { email: 'nobody@example.com', password: 'Wrong1!pass' },
        '/signin',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(ACCOUNT_LIMITS.signInFailures.max).fill(401), 429]);
  });

  it('a successful sign-in clears the failures', async () => {
    const member = await createMember(ctx);
    for (let i = 0; i < ACCOUNT_LIMITS.signInFailures.max - 1; i++) {
      await fromNewAddress({ email: member.email, password: 'Wrong1!pass' }, '/signin');
    }
    expect((await signIn(createClient(ctx.app), member.email, member.password)).statusCode).toBe(
      200,
    );
    const again = await fromNewAddress({ email: member.email, password: 'Wrong1!pass' }, '/signin');
    expect(again.statusCode).toBe(401);
  });

  it('asking for a new reset code does not buy more guesses', async () => {
    const member = await createMember(ctx);
    let guesses = 1; // confirming the sign-up was one code entry
    while (guesses < ACCOUNT_LIMITS.codeGuesses.max) {
      await fromNewAddress({ email: member.email }, '/forgot-password');
      for (let i = 0; i < 5 && guesses < ACCOUNT_LIMITS.codeGuesses.max; i++, guesses++) {
        const wrong = await fromNewAddress(
          { email: member.email, code: '000000', newPassword: NEW_PASSWORD },
          '/reset-password',
        );
        expect(wrong.statusCode).toBe(400);
      }
    }
    await fromNewAddress({ email: member.email }, '/forgot-password');
    const right = await fromNewAddress(
      { email: member.email, code: ctx.mailbox.lastCode(member.email), newPassword: NEW_PASSWORD },
      '/reset-password',
    );
    expect(right.statusCode).toBe(429);
  });

  it(`mails at most ${ACCOUNT_LIMITS.codesIssued.max} codes an hour to one address`, async () => {
    const user = newUser();
    await signUp(createClient(ctx.app), user);
    for (let i = 1; i < ACCOUNT_LIMITS.codesIssued.max; i++) {
      expect((await fromNewAddress({ email: user.email }, '/resend-code')).statusCode).toBe(200);
    }
    expect((await fromNewAddress({ email: user.email }, '/resend-code')).statusCode).toBe(429);
    expect((await fromNewAddress({ email: user.email }, '/forgot-password')).statusCode).toBe(429);
    expect(ctx.mailbox.to(user.email)).toHaveLength(ACCOUNT_LIMITS.codesIssued.max);
  });

  it(`checks the current password at most ${ACCOUNT_LIMITS.passwordChecks.max} times on PUT /me`, async () => {
    const member = await createMember(ctx);
    for (let i = 0; i < ACCOUNT_LIMITS.passwordChecks.max; i++) {
      const wrong = await sameUserElsewhere(ctx.app, member.client).put('/me', {
        currentPassword: 'Wrong1!pass',
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await sameUserElsewhere(ctx.app, member.client).put('/me', {
      currentPassword: member.password,
      newPassword: NEW_PASSWORD,
    });
    expect(right.statusCode).toBe(429);
  });
});
