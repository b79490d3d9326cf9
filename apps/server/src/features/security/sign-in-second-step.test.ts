import { TWO_FACTOR_MESSAGES } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { appCode, passwordStep, turnOnApp } from '../../test/two-factor';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

/** A member with the app on, signed out in a new browser that knows the password. */
async function memberWithApp() {
  const member = await createMember(ctx);
  const app = await turnOnApp(member);
  const browser = createClient(ctx.app);
  return { ...member, ...app, client: browser };
}

const finish = (member: Pick<Member, 'client'>, body: object) =>
  member.client.post('/signin/2fa', body);

describe('POST /api/signin on an account with the app on', () => {
  it('answers a ticket and the methods, with no token and no cookie', async () => {
    const member = await memberWithApp();
    const answer = await member.client.post('/signin', {
      email: member.email,
      password: member.password,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      twoFactorRequired: true,
      ticket: expect.stringMatching(/^[\w-]{43}$/),
      methods: ['totp', 'recovery'],
    });
    expect(answer.cookies).toHaveLength(0);
  });

  it('still answers 401 alike for a wrong password, with no ticket', async () => {
    const member = await memberWithApp();
    const wrong = await member.client.post('/signin', {
      email: member.email,
      password: 'Wrong1!pass',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).not.toHaveProperty('ticket');
  });
});

describe('POST /api/signin/2fa', () => {
  it.each([
    [{}, 'ticket'],
    [{ ticket: 'x' }, 'code'],
    [{ ticket: 'x', code: '123456', recoveryCode: 'abcde-fghjk' }, 'code'],
    [{ ticket: 'x', code: '12345' }, 'code'],
    [{ ticket: 'x', recoveryCode: 'abc' }, 'recoveryCode'],
    [{ ticket: 'x'.repeat(65), code: '123456' }, 'ticket'],
    [{ ticket: 'x\u0000', code: '123456' }, 'ticket'],
  ])('answers 400 for %o', async (body, field) => {
    const response = await finish({ client: createClient(ctx.app) }, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('answers 401 TICKET_EXPIRED for an unknown ticket', async () => {
    const response = await finish(
      { client: createClient(ctx.app) },
      { ticket: 'a'.repeat(43), code: '123456' },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: TWO_FACTOR_MESSAGES.ticketExpired,
      code: 'TICKET_EXPIRED',
    });
  });

  it('signs in with a current code, once: the ticket and the code are used up', async () => {
    const member = await memberWithApp();
    const ticket = await passwordStep(member);
    const code = appCode(member.secret, 1);
    const signedIn = await finish(member, { ticket, code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({
      username: member.username,
      security: { totp: true, recoveryCodesLeft: 10 },
    });
    expect(member.client.refreshCookie).toBeDefined();
    member.client.token = signedIn.json().token;
    expect((await member.client.get('/me')).statusCode).toBe(200);

    const again = await finish(member, { ticket, code });
    expect(again.json()).toMatchObject({ code: 'TICKET_EXPIRED' });
    const replay = await finish(member, { ticket: await passwordStep(member), code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      message: TWO_FACTOR_MESSAGES.wrongCode,
      code: 'INVALID_CODE',
      field: 'code',
    });
  });

  it('refuses a code of a step older than one already used, and one two steps away', async () => {
    const member = await memberWithApp();
    const from = Date.now();
    const ticket = await passwordStep(member);
    expect(
      (await finish(member, { ticket, code: appCode(member.secret, 2, from) })).statusCode,
    ).toBe(401);
    expect(
      (await finish(member, { ticket, code: appCode(member.secret, 1, from) })).statusCode,
    ).toBe(200);
    // A step inside the window, but older than the one just used.
    const older = await finish(member, {
      ticket: await passwordStep(member),
      code: appCode(member.secret, -1, from),
    });
    expect(older.statusCode).toBe(401);
  });

  it('signs in with a recovery code, each once, and counts what is left', async () => {
    const member = await memberWithApp();
    const recoveryCode = member.recoveryCodes[0]!;
    const signedIn = await finish(member, { ticket: await passwordStep(member), recoveryCode });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.security.recoveryCodesLeft).toBe(9);
    const reused = await finish(member, { ticket: await passwordStep(member), recoveryCode });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      message: TWO_FACTOR_MESSAGES.wrongRecoveryCode,
      code: 'INVALID_CODE',
      field: 'recoveryCode',
    });
  });

  it('takes one recovery code once when two sign-ins race with it', async () => {
    const member = await memberWithApp();
    const recoveryCode = member.recoveryCodes[1]!;
    const tickets = [await passwordStep(member), await passwordStep(member)];
    const answers = await Promise.all(
      tickets.map((ticket) => finish(member, { ticket, recoveryCode })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('gives a ticket 5 tries, then 429 TOO_MANY_ATTEMPTS even for the right code', async () => {
    const member = await memberWithApp();
    const ticket = await passwordStep(member);
    for (let i = 0; i < 5; i++) {
      const wrong = await finish(member, { ticket, code: '000000' });
      expect(wrong.statusCode).toBe(401);
    }
    const sixth = await finish(member, { ticket, code: appCode(member.secret, 1) });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      message: TWO_FACTOR_MESSAGES.tooManyTries,
      code: 'TOO_MANY_ATTEMPTS',
    });
  });

  it('bounds the tries across tickets at 10 a quarter hour per member', async () => {
    const member = await memberWithApp();
    // Turning the app on took the first of the 10.
    for (let i = 0; i < 9; i++) {
      // New addresses, so only the member's own limit can stop them.
      const elsewhere = { ...member, client: createClient(ctx.app) };
      const ticket = await passwordStep(elsewhere);
      expect((await finish(elsewhere, { ticket, code: '000000' })).statusCode).toBe(401);
    }
    const last = { ...member, client: createClient(ctx.app) };
    const ticket = await passwordStep(last);
    const refused = await finish(last, { ticket, code: appCode(member.secret, 1) });
    expect(refused.statusCode).toBe(429);
  });

  it('refuses a ticket past its 5 minutes', async () => {
    const member = await memberWithApp();
    const ticket = await passwordStep(member);
    await ctx.app.db.execute(
      sql`update sign_in_tickets set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ${member.email})`,
    );
    const late = await finish(member, { ticket, code: appCode(member.secret, 1) });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ code: 'TICKET_EXPIRED' });
  });

  it('refuses a member suspended between the two steps (403 SUSPENDED)', async () => {
    const member = await memberWithApp();
    const ticket = await passwordStep(member);
    await ctx.app.db.execute(
      sql`update users set suspended_at = now() where email = ${member.email}`,
    );
    const refused = await finish(member, { ticket, code: appCode(member.secret, 1) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'SUSPENDED' });
  });

  it('keeps asking for the second step after a password reset by e-mail', async () => {
    const member = await memberWithApp();
    await member.client.post('/forgot-password', { email: member.email });
    const newPassword = 'Newer1!pass';
    const reset = await member.client.post('/reset-password', {
      email: member.email,
      code: ctx.mailbox.lastCode(member.email),
      newPassword,
    });
    expect(reset.statusCode).toBe(200);
    await passwordStep({ ...member, password: newPassword });
  });
});
