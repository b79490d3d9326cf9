import { TWO_FACTOR } from '@devplay/shared';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { Member } from './factories';

/** A code of the app with `secret`, `steps` 30-second steps from `from` (now by default). */
export function appCode(secret: string, steps = 0, from = Date.now()) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period: TWO_FACTOR.periodSeconds });
  return totp.generate({ timestamp: from + steps * TWO_FACTOR.periodSeconds * 1000 });
}

/** Sets up and turns on the member's authenticator app; its step `from` is used up. */
export async function turnOnApp(member: Pick<Member, 'client'>, from = Date.now()) {
  const setup = await member.client.post('/me/2fa/totp/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enable = await member.client.post('/me/2fa/totp/enable', {
    code: appCode(secret, 0, from),
  });
  expect(enable.statusCode).toBe(200);
  return { secret, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

/** The first step of a sign-in on an account with a factor: answers the ticket. */
export async function passwordStep(
  member: Pick<Member, 'client' | 'email' | 'password'>,
): Promise<string> {
  const answer = await member.client.post('/signin', {
    email: member.email,
    password: member.password,
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toMatchObject({ twoFactorRequired: true });
  return answer.json<{ ticket: string }>().ticket;
}
