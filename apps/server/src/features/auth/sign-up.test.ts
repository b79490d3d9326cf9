import { AUTH_MESSAGES } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, newUser, signUp, type TestContext } from '../../test/app';
import { ACCOUNT_LIMITS } from '../../plugins/account-limits';
import { ROUTE_LIMITS } from '../../plugins/route-limits';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

describe('POST /api/signup', () => {
  it.each([
    [{ email: '' }, 'email', 'Enter email'],
    [{ email: 'nope' }, 'email', 'Incorrect email'],
    [{ username: '' }, 'username', 'Enter username'],
    [{ username: 'ab' }, 'username', 'Minimum 3 characters'],
    [
      { password: 'weakpassword', confirm_password: 'weakpassword' },
      'password',
      'Min. 8 characters, lowercase and UPPERCASE letters, number and special character',
    ],
    [{ confirm_password: '' }, 'confirm_password', 'Confirm password'],
    [{ confirm_password: 'Other1!pass' }, 'confirm_password', 'The passwords do not match'],
  ])('answers 400 for %o with the spec message under the field', async (patch, field, message) => {
    const user = newUser();
    const response = await createClient(ctx.app).post('/signup', {
      ...user,
      confirm_password: user.password,
      ...patch,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, code: 'VALIDATION_ERROR', field });
  });

  it('answers 400 for a missing body, without creating anyone', async () => {
    const response = await createClient(ctx.app).post('/signup');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('creates an unverified member and mails a 6-digit code valid for 10 minutes', async () => {
    const user = newUser();
    const response = await signUp(createClient(ctx.app), user);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Confirmation code sent to your email!' });
    const [mail] = ctx.mailbox.to(user.email);
    expect(mail?.text).toMatch(/\b\d{6}\b/);
    expect(mail?.text).toContain('10 minutes');
    expect(mail?.html).toContain(ctx.mailbox.lastCode(user.email));
  });

  it('stores the code hashed, never in clear', async () => {
    const user = newUser();
    await signUp(createClient(ctx.app), user);
    const code = ctx.mailbox.lastCode(user.email);
    const rows = await ctx.app.db.execute(sql`select code_hash from email_codes`);
    const hashes = JSON.stringify(rows);
    expect(hashes).not.toContain(`"${code}"`);
  });

  it('answers 409 when the e-mail is taken, whatever its case', async () => {
    const user = newUser();
    const client = createClient(ctx.app);
    await signUp(client, user);
    const again = await signUp(client, { ...newUser(), email: user.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: AUTH_MESSAGES.emailTaken,
      code: 'EMAIL_TAKEN',
      field: 'email',
    });
  });

  it('answers 409 when the username is taken, whatever its case', async () => {
    const user = newUser();
    const client = createClient(ctx.app);
    await signUp(client, user);
    const again = await signUp(client, { ...newUser(), username: user.username.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'USERNAME_TAKEN', field: 'username' });
  });

  it('lets only one of two simultaneous sign-ups with the same e-mail through', async () => {
    const user = newUser();
    const [a, b] = await Promise.all([
      signUp(createClient(ctx.app), user),
      signUp(createClient(ctx.app), { ...newUser(), email: user.email }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  describe('limits per address', () => {
    const created = ACCOUNT_LIMITS.signUpsPerAddress.max;
    const rateLimited = {
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
    };

    it('does not count refused sign-ups (400, 409) against the accounts an address may create', async () => {
      const client = createClient(ctx.app);
      const taken = newUser();
      await signUp(createClient(ctx.app), taken);
      const refused = [
        await signUp(client, { ...newUser(), email: 'not-an-email' }),
        await signUp(client, { ...newUser(), password: 'weak' }),
        await signUp(client, { ...newUser(), username: 'ab' }),
        await signUp(client, { ...newUser(), email: taken.email }),
        await signUp(client, { ...newUser(), username: taken.username }),
        await signUp(client, { ...newUser(), email: taken.email.toUpperCase() }),
      ];
      expect(refused.map((r) => r.statusCode)).toEqual([400, 400, 400, 409, 409, 409]);
      expect((await signUp(client, newUser())).statusCode).toBe(201);
    });

    it(`refuses the account after ${created} created from one address, with the SPEC text`, async () => {
      const client = createClient(ctx.app);
      for (let i = 0; i < created; i++)
        expect((await signUp(client, newUser())).statusCode).toBe(201);
      const user = newUser();
      const response = await signUp(client, user);
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual(rateLimited);
      // Nothing was made: the same e-mail signs up from another address.
      expect((await signUp(createClient(ctx.app), user)).statusCode).toBe(201);
    });

    it(`counts a new window once the ${ACCOUNT_LIMITS.signUpsPerAddress.windowMinutes} minutes are over`, async () => {
      const client = createClient(ctx.app);
      for (let i = 0; i < created; i++) await signUp(client, newUser());
      expect((await signUp(client, newUser())).statusCode).toBe(429);
      await ctx.app.db.execute(
        sql`update attempt_counters set window_start = now() - interval '16 minutes'`,
      );
      expect((await signUp(client, newUser())).statusCode).toBe(201);
    });

    it(`stops any attempt after ${ROUTE_LIMITS['POST /signup']!.perAddress.max} from one address, refused or not`, async () => {
      const client = createClient(ctx.app);
      const statuses: number[] = [];
      for (let i = 0; i <= ROUTE_LIMITS['POST /signup']!.perAddress.max; i++) {
        statuses.push((await signUp(client, { ...newUser(), email: `typo${i}` })).statusCode);
      }
      expect(statuses).toEqual([
        ...Array(ROUTE_LIMITS['POST /signup']!.perAddress.max).fill(400),
        429,
      ]);
      const response = await signUp(client, newUser());
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual(rateLimited);
    });
  });
});
