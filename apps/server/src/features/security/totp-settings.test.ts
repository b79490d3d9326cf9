import { TWO_FACTOR_MESSAGES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { recoveryCodes, totpFactors } from '../../db/schema/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { appCode, turnOnApp } from '../../test/two-factor';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const securityOf = async (client: ReturnType<typeof createClient>) =>
  (await client.get('/me')).json().security;

/** Me says no factor is on, and the password alone signs in. */
async function expectNoFactor(member: Member) {
  expect(await securityOf(member.client)).toEqual({
    totp: false,
    passkeys: 0,
    recoveryCodesLeft: 0,
  });
  const signIn = await createClient(ctx.app).post('/signin', {
    email: member.email,
    password: member.password,
  });
  expect(signIn.json()).toHaveProperty('token');
}

describe('the authenticator app routes refuse', () => {
  it.each([
    ['POST', '/me/2fa/totp/setup'],
    ['POST', '/me/2fa/totp/enable'],
    ['DELETE', '/me/2fa/totp'],
    ['POST', '/me/recovery-codes'],
  ])('%s %s without a session (401)', async (method, url) => {
    const anonymous = createClient(ctx.app);
    const body = { code: '123456', password: 'Secret1!pass' };
    const response =
      method === 'POST' ? await anonymous.post(url, body) : await anonymous.delete(url, body);
    expect(response.statusCode).toBe(401);
  });

  it.each([
    [{}, 'code', TWO_FACTOR_MESSAGES.enterCode],
    [{ code: '12345' }, 'code', TWO_FACTOR_MESSAGES.codeFormat],
    [{ code: '1234567' }, 'code', TWO_FACTOR_MESSAGES.codeFormat],
    [{ code: 'x'.repeat(10_000) }, 'code', TWO_FACTOR_MESSAGES.codeFormat],
    [{ code: '12\u00003456' }, 'code', undefined],
  ])('enable with %o (400)', async (body, field, message) => {
    const member = await createMember(ctx);
    const response = await member.client.post('/me/2fa/totp/enable', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    if (message) expect(response.json().message).toBe(message);
  });

  it('enable before any setup (409 TWO_FACTOR_OFF), turning off or new codes while off', async () => {
    const member = await createMember(ctx);
    const enable = await member.client.post('/me/2fa/totp/enable', { code: '123456' });
    expect(enable.statusCode).toBe(409);
    expect(enable.json()).toMatchObject({ code: 'TWO_FACTOR_OFF' });
    const proof = { password: member.password, code: '123456' };
    expect((await member.client.delete('/me/2fa/totp', proof)).statusCode).toBe(409);
    expect((await member.client.post('/me/recovery-codes', proof)).statusCode).toBe(409);
  });
});

describe('turning the authenticator app on', () => {
  it('answers a secret and its otpauth address, and changes nothing until a code proves it', async () => {
    const member = await createMember(ctx);
    const setup = await member.client.post('/me/2fa/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('DevPlay');
    expect(decodeURIComponent(url.pathname)).toContain(member.email);
    await expectNoFactor(member);
  });

  it('keeps the secret sealed at rest', async () => {
    const member = await createMember(ctx);
    const { secret } = (await member.client.post('/me/2fa/totp/setup')).json();
    const [row] = await ctx.app.db
      .select({ sealed: totpFactors.secretSealed })
      .from(totpFactors)
      .where(eq(totpFactors.userId, member.id));
    const sealed = row!.sealed;
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(secret);
  });

  it('refuses a wrong code (400) and then takes the right one, with 10 recovery codes once', async () => {
    const member = await createMember(ctx);
    const { secret } = (await member.client.post('/me/2fa/totp/setup')).json();
    const right = appCode(secret);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await member.client.post('/me/2fa/totp/enable', { code: wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: TWO_FACTOR_MESSAGES.wrongCode,
      code: 'INVALID_CODE',
      field: 'code',
    });
    const enabled = await member.client.post('/me/2fa/totp/enable', { code: right });
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await securityOf(member.client)).toEqual({
      totp: true,
      passkeys: 0,
      recoveryCodesLeft: 10,
    });
    // Hashed like passwords: no code is stored as it was shown.
    const hashes = await ctx.app.db
      .select({ codeHash: recoveryCodes.codeHash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, member.id));
    expect(hashes).toHaveLength(10);
    for (const { codeHash } of hashes) expect(codeHash).toMatch(/^\$argon2id\$/);
  });

  it('takes "123 456" as the app shows it', async () => {
    const member = await createMember(ctx);
    const { secret } = (await member.client.post('/me/2fa/totp/setup')).json();
    const code = appCode(secret);
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    expect((await member.client.post('/me/2fa/totp/enable', { code: spaced })).statusCode).toBe(
      200,
    );
  });

  it('refuses a second setup while on (409 TWO_FACTOR_ON), keeping the app that is on', async () => {
    const member = await createMember(ctx);
    const { secret } = await turnOnApp(member);
    const again = await member.client.post('/me/2fa/totp/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'TWO_FACTOR_ON' });
    const proof = { password: member.password, code: appCode(secret, 1) };
    expect((await member.client.post('/me/recovery-codes', proof)).statusCode).toBe(200);
  });

  it('lets a new setup replace one still waiting: the first secret no longer enables', async () => {
    const member = await createMember(ctx);
    const first = (await member.client.post('/me/2fa/totp/setup')).json().secret;
    const second = (await member.client.post('/me/2fa/totp/setup')).json().secret;
    expect(second).not.toBe(first);
    const stale = await member.client.post('/me/2fa/totp/enable', { code: appCode(first) });
    expect(stale.statusCode).toBe(400);
    const fresh = await member.client.post('/me/2fa/totp/enable', { code: appCode(second) });
    expect(fresh.statusCode).toBe(200);
  });
});

describe('turning the app off and new recovery codes', () => {
  it('need the password (400 WRONG_PASSWORD) and a current code (400 INVALID_CODE)', async () => {
    const member = await createMember(ctx);
    // The step the app was turned on with, whatever the clock reads by the time it is sent again.
    const from = Date.now();
    const { secret } = await turnOnApp(member, from);
    const wrongPassword = await member.client.delete('/me/2fa/totp', {
      password: 'Wrong1!pass',
      code: appCode(secret, 1),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({
      message: TWO_FACTOR_MESSAGES.wrongPasswordOrCode,
      code: 'WRONG_PASSWORD',
      field: 'password',
    });
    const usedCode = await member.client.delete('/me/2fa/totp', {
      password: member.password,
      code: appCode(secret, 0, from),
    });
    expect(usedCode.statusCode).toBe(400);
    expect(usedCode.json()).toMatchObject({ code: 'INVALID_CODE', field: 'code' });
    expect((await securityOf(member.client)).totp).toBe(true);
  });

  it('turns off with a recovery code, and the recovery codes go with the app', async () => {
    const member = await createMember(ctx);
    const { recoveryCodes } = await turnOnApp(member);
    const off = await member.client.delete('/me/2fa/totp', {
      password: member.password,
      code: recoveryCodes[3]!.toUpperCase(),
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: TWO_FACTOR_MESSAGES.turnedOff });
    await expectNoFactor(member);
  });

  it('renews the codes: the old ones stop working, the new ones count 10', async () => {
    const member = await createMember(ctx);
    const { secret, recoveryCodes: old } = await turnOnApp(member);
    const renewed = await member.client.post('/me/recovery-codes', {
      password: member.password,
      code: appCode(secret, 1),
    });
    expect(renewed.statusCode).toBe(200);
    const fresh: string[] = renewed.json().recoveryCodes;
    expect(fresh.filter((code) => old.includes(code))).toEqual([]);
    const withOld = await member.client.delete('/me/2fa/totp', {
      password: member.password,
      code: old[0],
    });
    expect(withOld.statusCode).toBe(400);
    expect((await securityOf(member.client)).recoveryCodesLeft).toBe(10);
  });

  it('stops after 10 codes a quarter hour (429), even with the right proof', async () => {
    const member = await createMember(ctx);
    // Turning the app on took one code.
    const { secret } = await turnOnApp(member);
    for (let i = 0; i < 9; i++) {
      const attempt = await member.client.post('/me/recovery-codes', {
        password: 'Wrong1!pass',
        code: '000000',
      });
      expect(attempt.statusCode).toBe(400);
    }
    const blocked = await member.client.post('/me/recovery-codes', {
      password: member.password,
      code: appCode(secret, 1),
    });
    expect(blocked.statusCode).toBe(429);
  });
});
