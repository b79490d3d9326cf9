import { PASSKEY, PASSKEY_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { addPasskey } from '../../test/passkeys';
import { softPasskey } from '../../test/soft-authenticator';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const origin = () => new URL(ctx.config.publicUrl).origin;
const subjects = (member: Member) => ctx.mailbox.to(member.email).map((mail) => mail.subject);
const listOf = async (member: Member) => (await member.client.get('/passkeys')).json();

/** A fresh registration challenge and a new software passkey's answer to it. */
async function answerFor(member: Member, bend?: { userVerified?: boolean }, at = origin()) {
  const { challenge } = (await member.client.post('/passkeys/register/options')).json();
  return softPasskey().attestation({ challenge, origin: at }, bend);
}

describe('the passkey routes refuse', () => {
  it.each([
    ['POST', '/passkeys/register/options'],
    ['POST', '/passkeys/register'],
    ['GET', '/passkeys'],
    ['PATCH', '/passkeys/1'],
    ['DELETE', '/passkeys/1'],
  ] as const)('%s %s without a session (401)', async (method, url) => {
    const response = softPasskey().attestation({ challenge: 'AAAA', origin: origin() });
    const body = { name: 'Laptop', password: 'Secret1!pass', response };
    const answer = await ctx.app.inject({ method, url: `/api${url}`, payload: body });
    expect(answer.statusCode).toBe(401);
  });

  it.each([
    [{ response: undefined }, 'response'],
    [{ response: {} }, 'response'],
    [{ name: undefined }, 'name'],
    [{ name: 'x'.repeat(PASSKEY.nameMax + 1) }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'Lap\u0000top' }, 'name'],
  ])('a registration with %o (400)', async (body, field) => {
    const member = await createMember(ctx);
    const response = await answerFor(member);
    const answer = await member.client.post('/passkeys/register', {
      response,
      name: 'Laptop',
      ...body,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().field).toMatch(new RegExp(`^${field}`));
  });

  it.each([
    ['clientDataJSON that is not JSON', { clientDataJSON: 'bm90IGpzb24' }],
    ['an attestation that is not CBOR', { attestationObject: 'AAAA' }],
    ['a clientDataJSON over its bound', { clientDataJSON: 'A'.repeat(5_000) }],
    ['a padded base64 value', { attestationObject: 'AA==' }],
  ])('an answer with %s, never with a 500', async (_, patch) => {
    const member = await createMember(ctx);
    const response = await answerFor(member);
    const answer = await member.client.post('/passkeys/register', {
      name: 'Laptop',
      response: { ...response, response: { ...response.response, ...patch } },
    });
    expect(answer.statusCode).toBe(400);
  });

  it('an answer that did not verify its user, or that another site asked for', async () => {
    const member = await createMember(ctx);
    for (const response of [
      await answerFor(member, { userVerified: false }),
      await answerFor(member, {}, 'https://evil.example'),
    ]) {
      const answer = await member.client.post('/passkeys/register', { response, name: 'Key' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        code: 'PASSKEY_NOT_VERIFIED',
        message: PASSKEY_MESSAGES.notVerified,
      });
    }
    expect(await listOf(member)).toEqual([]);
  });

  it("an answer to another member's challenge, or to one used already", async () => {
    const [member, other] = [await createMember(ctx), await createMember(ctx)];
    const { challenge } = (await other.client.post('/passkeys/register/options')).json();
    const answer = () => softPasskey().attestation({ challenge, origin: origin() });
    const stolen = await member.client.post('/passkeys/register', {
      response: answer(),
      name: 'K',
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ message: PASSKEY_MESSAGES.expired });
    // Tried by the wrong member, the challenge was not used up: its own member may answer it once.
    const own = await other.client.post('/passkeys/register', { response: answer(), name: 'K' });
    expect(own.statusCode).toBe(201);
    const replay = await other.client.post('/passkeys/register', { response: answer(), name: 'K' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'PASSKEY_NOT_VERIFIED' });
  });
});

describe('adding a passkey', () => {
  it("answers options for a discoverable, user-verifying credential under the site's RP id", async () => {
    const member = await createMember(ctx);
    const answer = await member.client.post('/passkeys/register/options');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      rp: { id: 'localhost', name: 'DevPlay' },
      user: { name: member.email, displayName: member.username },
      challenge: expect.stringMatching(/^[\w-]{20,}$/),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
  });

  it('registers, lists, renames and removes, counting in Me and mailing each change', async () => {
    const member = await createMember(ctx);
    const { passkey, key } = await addPasskey(ctx, member, 'Work laptop');
    expect(passkey).toEqual({
      id: expect.any(Number),
      name: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect(subjects(member)).toContain('A passkey added to your DevPlay account');
    expect((await member.client.get('/me')).json().security).toMatchObject({ passkeys: 1 });
    expect(await listOf(member)).toEqual([passkey]);

    const options = (await member.client.post('/passkeys/register/options')).json();
    expect(options.excludeCredentials).toEqual([
      { id: key.id, type: 'public-key', transports: ['internal'] },
    ]);

    const renamed = await member.client.patch(`/passkeys/${passkey.id}`, { name: '  Phone  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Phone' });

    const removed = await member.client.delete(`/passkeys/${passkey.id}`, {
      password: member.password,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: PASSKEY_MESSAGES.removed });
    expect(await listOf(member)).toEqual([]);
    expect((await member.client.get('/me')).json().security).toMatchObject({ passkeys: 0 });
    expect(subjects(member).at(-1)).toBe('A passkey removed from your DevPlay account');
  });

  it('refuses the same passkey twice (409) and more than the limit (422)', async () => {
    const member = await createMember(ctx);
    const { challenge } = (await member.client.post('/passkeys/register/options')).json();
    const key = softPasskey();
    const first = key.attestation({ challenge, origin: origin() });
    expect(
      (await member.client.post('/passkeys/register', { response: first, name: 'A' })).statusCode,
    ).toBe(201);
    const next = (await member.client.post('/passkeys/register/options')).json();
    const twice = await member.client.post('/passkeys/register', {
      response: key.attestation({ challenge: next.challenge, origin: origin() }),
      name: 'B',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: PASSKEY_MESSAGES.alreadyAdded });

    await ctx.app.db.insert(passkeys).values(
      Array.from({ length: PASSKEY.perMember - 1 }, (_, i) => ({
        userId: member.id,
        credentialId: `filler-${member.id}-${i}`,
        publicKey: 'AA',
        name: `Key ${i}`,
      })),
    );
    const full = await member.client.post('/passkeys/register/options');
    expect(full.statusCode).toBe(422);
    expect(full.json()).toMatchObject({ code: 'PASSKEY_LIMIT', message: PASSKEY_MESSAGES.tooMany });
  });
});

describe("another member's passkey", () => {
  it('is neither listed, renamed nor removed: 404 as a missing one', async () => {
    const [owner, other] = [await createMember(ctx), await createMember(ctx)];
    const { passkey } = await addPasskey(ctx, owner);
    expect(await listOf(other)).toEqual([]);
    for (const id of [passkey.id, 2_000_000_000]) {
      const renamed = await other.client.patch(`/passkeys/${id}`, { name: 'Mine now' });
      expect(renamed.statusCode).toBe(404);
      expect(renamed.json()).toMatchObject({ message: PASSKEY_MESSAGES.notFound });
      const removed = await other.client.delete(`/passkeys/${id}`, { password: other.password });
      expect(removed.statusCode).toBe(404);
    }
    expect(await listOf(owner)).toEqual([expect.objectContaining({ name: 'Laptop' })]);
  });

  it.each(['0', '-1', '2147483648', 'abc', '1.5'])('id %s answers 400', async (id) => {
    const member = await createMember(ctx);
    expect((await member.client.patch(`/passkeys/${id}`, { name: 'X' })).statusCode).toBe(400);
  });
});
