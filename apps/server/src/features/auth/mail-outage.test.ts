import { AUTH_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newUser, signUp, createClient, type TestContext } from '../../test/app';

// Mail that cannot be sent: sign-up says so instead of claiming the code went, and health turns
// `degraded` with `mail: 'error'` from the failed send until one goes through.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const health = async () => {
  const response = await ctx.app.inject({ url: '/api/health' });
  const { status, mail } = response.json();
  return { statusCode: response.statusCode, status, mail };
};

describe('an SMTP outage', () => {
  it('is told by sign-up and by health until a mail goes through', async () => {
    expect(await health()).toEqual({ statusCode: 200, status: 'ok', mail: 'log' });
    ctx.mailbox.refuse(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const user = newUser();
    const refused = await signUp(createClient(ctx.app), user);
    expect(refused.statusCode).toBe(201);
    expect(refused.json()).toEqual({ message: AUTH_MESSAGES.signUpCodeNotSent });
    expect(await health()).toEqual({ statusCode: 200, status: 'degraded', mail: 'error' });

    // The account stands; its code can be asked for again once mail works.
    ctx.mailbox.refuse(null);
    const again = await createClient(ctx.app).post('/resend-code', { email: user.email });
    expect(again.statusCode).toBe(200);
    await expect.poll(health).toEqual({ statusCode: 200, status: 'ok', mail: 'log' });
    expect(ctx.mailbox.lastCode(user.email)).toMatch(/^\d{6}$/);

    const sent = await signUp(createClient(ctx.app), newUser());
    expect(sent.json()).toEqual({ message: 'Confirmation code sent to your email!' });
  });

  it('lets sign-up answer that the code is on its way when the mail server hangs', async () => {
    const { send } = ctx.mailbox.mailer;
    let answer = () => {};
    ctx.mailbox.mailer.send = () => new Promise((resolve) => (answer = resolve));
    try {
      // Straight to the app: a test client would wait for the mail's first attempt to end.
      const user = newUser();
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { ...user, confirm_password: user.password },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ message: AUTH_MESSAGES.signUpCodeOnItsWay });
    } finally {
      ctx.mailbox.mailer.send = send;
      answer();
    }
  });
});
