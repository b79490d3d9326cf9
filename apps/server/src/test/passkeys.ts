import { expect } from 'vitest';
import type { Client, TestContext } from './app';
import type { Member } from './factories';
import { softPasskey, type SoftPasskey } from './soft-authenticator';

/** The page's origin and RP id the test app expects: those of its PUBLIC_URL. */
const siteOf = (ctx: TestContext) => new URL(ctx.config.publicUrl);

/** Adds a software passkey to the member's account through the API. */
export async function addPasskey(
  ctx: TestContext,
  member: Pick<Member, 'client'>,
  name = 'Laptop',
) {
  const key = softPasskey(siteOf(ctx).hostname);
  const options = await member.client.post('/passkeys/register/options');
  expect(options.statusCode).toBe(200);
  const { challenge, user } = options.json<{ challenge: string; user: { id: string } }>();
  const response = key.attestation({ challenge, origin: siteOf(ctx).origin });
  const added = await member.client.post('/passkeys/register', { response, name });
  expect(added.statusCode).toBe(201);
  return { key, userHandle: user.id, passkey: added.json<{ id: number; name: string }>() };
}

/** A fresh sign-in challenge, for the e-mail's passkeys when one is given. */
export async function signInChallenge(client: Client, email?: string) {
  const options = await client.post('/signin/passkey/options', email ? { email } : {});
  expect(options.statusCode).toBe(200);
  return options.json<{ challenge: string; allowCredentials: { id: string }[] }>().challenge;
}

/** Signs `client` in with the passkey, as a browser answers a fresh challenge. */
export async function signInWithPasskey(
  ctx: TestContext,
  client: Client,
  { key, userHandle }: { key: SoftPasskey; userHandle: string },
  bend?: Parameters<SoftPasskey['assertion']>[1],
) {
  const challenge = await signInChallenge(client);
  const response = key.assertion({ challenge, origin: siteOf(ctx).origin, userHandle }, bend);
  return client.post('/signin/passkey', { response });
}
