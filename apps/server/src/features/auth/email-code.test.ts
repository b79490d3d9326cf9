import { AUTH_MESSAGES, EMAIL_CODE } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, newUser, signUp, type TestContext } from '../../test/app';
import { ROUTE_LIMITS } from '../../plugins/route-limits';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const wrongCode = (code: string, offset = 1) =>
  String((Number(code) + offset) % 10 ** EMAIL_CODE.length).padStart(EMAIL_CODE.length, '0');

describe('POST /api/verify', () => {
  async function pending() {
    const user = newUser();
    const client = createClient(ctx.app);
    await signUp(client, user);
    return { user, client, code: ctx.mailbox.lastCode(user.email) };
  }

  it('answers 400 when the code is missing or not 6 digits', async () => {
    const { user, client } = await pending();
    const missing = await client.post('/verify', { email: user.email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: AUTH_MESSAGES.codeRequired, field: 'code' });
    const short = await client.post('/verify', { email: user.email, code: '123' });
    expect(short.json()).toMatchObject({ message: AUTH_MESSAGES.codeFormat, field: 'code' });
  });

  it('confirms the e-mail with the right code, once', async () => {
    const { user, client, code } = await pending();
    const ok = await client.post('/verify', { email: user.email, code });
    expect(ok.statusCode).toBe(200);
    const signIn = await client.post('/signin', { email: user.email, password: user.password });
    expect(signIn.json().user.isVerified).toBe(true);
    const reuse = await client.post('/verify', { email: user.email, code });
    expect(reuse.statusCode).toBe(400);
  });

  it('refuses a wrong code, and the same way for an unknown e-mail', async () => {
    const { user, client, code } = await pending();
    const wrong = await client.post('/verify', { email: user.email, code: wrongCode(code) });
    const unknown = await client.post('/verify', { email: 'nobody@example.com', code });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      message: AUTH_MESSAGES.invalidCode,
      code: 'INVALID_CODE',
      field: 'code',
    });
  });

  it('refuses an expired code', async () => {
    const { user, client, code } = await pending();
    await ctx.app.db.execute(sql`update email_codes set expires_at = now() - interval '1 second'`);
    const response = await client.post('/verify', { email: user.email, code });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_CODE');
  });

  it(`burns the code after ${EMAIL_CODE.maxAttempts} wrong tries, even for the right one`, async () => {
    const { user, client, code } = await pending();
    const answers = [];
    for (let i = 0; i < EMAIL_CODE.maxAttempts; i++) {
      answers.push(
        (await client.post('/verify', { email: user.email, code: wrongCode(code) })).json().code,
      );
    }
    expect(answers).toEqual([
      'INVALID_CODE',
      'INVALID_CODE',
      'INVALID_CODE',
      'INVALID_CODE',
      'TOO_MANY_ATTEMPTS',
    ]);
    const right = await client.post('/verify', { email: user.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({
      message: AUTH_MESSAGES.tooManyAttempts,
      code: 'TOO_MANY_ATTEMPTS',
    });
  });

  it('counts parallel wrong guesses too', async () => {
    const { user, code } = await pending();
    const guesses = Array.from({ length: 8 }, (_, i) => {
      return createClient(ctx.app).post('/verify', {
        email: user.email,
        code: wrongCode(code, i + 1),
      });
    });
    await Promise.all(guesses);
    const right = await createClient(ctx.app).post('/verify', { email: user.email, code });
    expect(right.json().code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('POST /api/resend-code', () => {
  it('answers 400 for a malformed e-mail', async () => {
    const response = await createClient(ctx.app).post('/resend-code', { email: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Incorrect email');
  });

  it('sends a new code that replaces the old one', async () => {
    const user = newUser();
    const client = createClient(ctx.app);
    await signUp(client, user);
    const first = ctx.mailbox.lastCode(user.email);
    await client.post('/resend-code', { email: user.email });
    const second = ctx.mailbox.lastCode(user.email);
    expect(ctx.mailbox.to(user.email)).toHaveLength(2);
    // One time in a million the new code equals the old one; then the old one is valid too.
    const oldStillWorks = first === second;
    const withOld = await client.post('/verify', { email: user.email, code: first });
    expect(withOld.statusCode).toBe(oldStillWorks ? 200 : 400);
    if (oldStillWorks) return;
    expect((await client.post('/verify', { email: user.email, code: second })).statusCode).toBe(
      200,
    );
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const user = newUser();
    const client = createClient(ctx.app);
    await signUp(client, user);
    const known = await client.post('/resend-code', { email: user.email });
    const unknown = await client.post('/resend-code', { email: 'ghost@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(ctx.mailbox.to('ghost@example.com')).toHaveLength(0);
  });

  it(`answers 429 after ${ROUTE_LIMITS['POST /resend-code']!.perAddress.max} requests from one address`, async () => {
    const client = createClient(ctx.app);
    for (let i = 0; i < ROUTE_LIMITS['POST /resend-code']!.perAddress.max; i++)
      await client.post('/resend-code', { email: 'a@b.co' });
    expect((await client.post('/resend-code', { email: 'a@b.co' })).statusCode).toBe(429);
  });
});
