import { AUTH_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestApp,
  newUser,
  signUp,
  STRONG_PASSWORD,
  type TestContext,
} from '../../test/app';

// An e-mail address is taken as sent: the documented pattern has no room for spaces, so one with
// spaces around it is refused as 'Incorrect email' before anything is looked up or mailed.

let ctx: TestContext;
let user: ReturnType<typeof newUser>;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
  user = newUser();
  await signUp(createClient(ctx.app), user);
});
afterAll(() => ctx.app.close());

const padded = () => [` ${user.email}`, `${user.email} `, `\t${user.email}`, `${user.email}\n`];

describe('an e-mail address with spaces around it', () => {
  it.each([
    ['POST /forgot-password', '/forgot-password', {}],
    ['POST /resend-code', '/resend-code', {}],
    ['POST /signin', '/signin', { password: STRONG_PASSWORD }],
    ['POST /verify', '/verify', { code: '123456' }],
    ['POST /reset-password', '/reset-password', { code: '123456', newPassword: STRONG_PASSWORD }],
  ])('is refused by %s with the documented error, and nothing is mailed', async (_, url, rest) => {
    const mailed = ctx.mailbox.to(user.email).length;
    for (const email of padded()) {
      const response = await createClient(ctx.app).post(url, { email, ...rest });
      expect(response.statusCode, JSON.stringify(email)).toBe(400);
      expect(response.json()).toEqual({
        message: AUTH_MESSAGES.incorrectEmail,
        code: 'VALIDATION_ERROR',
        field: 'email',
      });
    }
    expect(ctx.mailbox.to(user.email)).toHaveLength(mailed);
  });

  it('is refused at sign-up, where a blank one is still "Enter email"', async () => {
    const fresh = newUser();
    const spaced = await signUp(createClient(ctx.app), { ...fresh, email: ` ${fresh.email}` });
    expect(spaced.json()).toMatchObject({ message: AUTH_MESSAGES.incorrectEmail, field: 'email' });
    const blank = await signUp(createClient(ctx.app), { ...fresh, email: '   ' });
    expect(blank.json()).toMatchObject({ message: AUTH_MESSAGES.enterEmail, field: 'email' });
  });

  it('leaves the address as typed otherwise, upper case included', async () => {
    const response = await createClient(ctx.app).post('/forgot-password', {
      email: user.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(ctx.mailbox.to(user.email).at(-1)?.subject).toBe('Your DevPlay password reset code');
  });
});
