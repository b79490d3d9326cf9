import { PASSKEY_MESSAGES, TWO_FACTOR_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { addPasskey } from '../../test/passkeys';
import { appCode, turnOnApp } from '../../test/two-factor';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const listOf = async (member: Member) => (await member.client.get('/passkeys')).json();

describe('removing a passkey', () => {
  it('takes the password, and counts wrong ones toward the limit of the factors', async () => {
    const member = await createMember(ctx);
    const { passkey } = await addPasskey(ctx, member);
    const wrong = await member.client.delete(`/passkeys/${passkey.id}`, {
      password: 'Wrong1!pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: TWO_FACTOR_MESSAGES.wrongPasswordOrCode,
    });
    for (let i = 0; i < 9; i++)
      await member.client.delete(`/passkeys/${passkey.id}`, { password: 'Wrong1!pass' });
    const limited = await member.client.delete(`/passkeys/${passkey.id}`, {
      password: member.password,
    });
    expect(limited.statusCode).toBe(429);
    expect(await listOf(member)).toHaveLength(1);
  });

  it('takes a current code too for the last one while the app is on, and only then', async () => {
    const member = await createMember(ctx);
    const { secret, recoveryCodes } = await turnOnApp(member);
    const [one, two] = [await addPasskey(ctx, member, 'One'), await addPasskey(ctx, member, 'Two')];
    const first = await member.client.delete(`/passkeys/${one.passkey.id}`, {
      password: member.password,
    });
    expect(first.statusCode).toBe(200);

    const last = `/passkeys/${two.passkey.id}`;
    const noCode = await member.client.delete(last, { password: member.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ field: 'code', message: PASSKEY_MESSAGES.codeForLast });
    const wrongCode = await member.client.delete(last, {
      password: member.password,
      code: '000000',
    });
    expect(wrongCode.json()).toMatchObject({ code: 'INVALID_CODE', field: 'code' });
    expect(await listOf(member)).toHaveLength(1);

    const byApp = await member.client.delete(last, {
      password: member.password,
      code: appCode(secret, 1),
    });
    expect(byApp.statusCode).toBe(200);
    // The app stays on; a recovery code would have done as well.
    expect((await member.client.get('/me')).json().security).toMatchObject({
      totp: true,
      passkeys: 0,
    });
    const again = await addPasskey(ctx, member);
    const byRecovery = await member.client.delete(`/passkeys/${again.passkey.id}`, {
      password: member.password,
      code: recoveryCodes[0],
    });
    expect(byRecovery.statusCode).toBe(200);
  });
});
