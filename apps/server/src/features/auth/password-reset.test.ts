import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_LIMITS } from '../../plugins/route-limits';
import {
  createClient,
  createTestApp,
  newUser,
  signUp,
  signUpVerified,
  type TestContext,
} from '../../test/app';

const NEW_PASSWORD = 'Brand1!newpass';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

describe('POST /api/forgot-password', () => {
  it('answers 400 without a valid e-mail', async () => {
    const response = await createClient(ctx.app).post('/forgot-password', { email: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Enter email', field: 'email' });
  });

  it('answers the same for known and unknown e-mails, and mails only the known one', async () => {
    const client = createClient(ctx.app);
    const user = await signUpVerified(ctx, client);
    const known = await client.post('/forgot-password', { email: user.email });
    const unknown = await client.post('/forgot-password', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(ctx.mailbox.to(user.email).at(-1)?.subject).toMatch(/reset/i);
    expect(ctx.mailbox.to('ghost@example.com')).toHaveLength(0);
  });

  it(`answers 429 after ${ROUTE_LIMITS['POST /forgot-password']!.perAddress.max} requests from one address`, async () => {
    const client = createClient(ctx.app);
    for (let i = 0; i < ROUTE_LIMITS['POST /forgot-password']!.perAddress.max; i++) {
      await client.post('/forgot-password', { email: 'ghost@example.com' });
    }
    expect((await client.post('/forgot-password', { email: 'ghost@example.com' })).statusCode).toBe(
      429,
    );
  });
});

describe('POST /api/reset-password', () => {
  async function requested() {
    const client = createClient(ctx.app);
    const user = await signUpVerified(ctx, client);
    await client.post('/forgot-password', { email: user.email });
    return { client, user, code: ctx.mailbox.lastCode(user.email) };
  }

  it('answers 400 for a weak new password, with the sign-up strength message', async () => {
    const { client, user, code } = await requested();
    const response = await client.post('/reset-password', {
      email: user.email,
      code,
      newPassword: 'weak',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Min. 8 characters, lowercase and UPPERCASE letters, number and special character',
      field: 'newPassword',
    });
  });

  it('refuses a wrong code and an unknown e-mail alike', async () => {
    const { client, user } = await requested();
    const wrong = await client.post('/reset-password', {
      email: user.email,
      code: '000000',
      newPassword: NEW_PASSWORD,
    });
    const unknown = await client.post('/reset-password', {
      email: 'x@example.com',
      code: '000000',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('does not accept the e-mail verification code', async () => {
    const user = newUser();
    const client = createClient(ctx.app);
    await signUp(client, user);
    const verifyCode = ctx.mailbox.lastCode(user.email);
    const response = await client.post('/reset-password', {
      email: user.email,
      code: verifyCode,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
  });

  it('changes the password, once per code, and signs out every session', async () => {
    const { client, user, code } = await requested();
    const otherDevice = createClient(ctx.app);
    await otherDevice.post('/signin', { email: user.email, password: user.password });

    const response = await client.post('/reset-password', {
      email: user.email,
      code,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed successfully!' });

    expect((await client.post('/refresh')).statusCode).toBe(401);
    expect((await otherDevice.post('/refresh')).statusCode).toBe(401);
    const old = await client.post('/signin', { email: user.email, password: user.password });
    expect(old.statusCode).toBe(401);
    const fresh = await client.post('/signin', { email: user.email, password: NEW_PASSWORD });
    expect(fresh.statusCode).toBe(200);

    const reuse = await client.post('/reset-password', {
      email: user.email,
      code,
      newPassword: 'Another1!pass',
    });
    expect(reuse.statusCode).toBe(400);
  });

  it('refuses access tokens issued before the reset', async () => {
    const { client, user, code } = await requested();
    await client.post('/reset-password', { email: user.email, code, newPassword: NEW_PASSWORD });
    expect((await client.get('/me')).statusCode).toBe(401);
  });

  it('confirms the e-mail of an unverified member, since the code proved the mailbox', async () => {
    const user = newUser();
    const client = createClient(ctx.app);
    await signUp(client, user);
    await client.post('/forgot-password', { email: user.email });
    const code = ctx.mailbox.lastCode(user.email);
    await client.post('/reset-password', { email: user.email, code, newPassword: NEW_PASSWORD });
    const signIn = await client.post('/signin', { email: user.email, password: NEW_PASSWORD });
    expect(signIn.json().user.isVerified).toBe(true);
  });
});
