import { PASSKEY_MESSAGES } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestContext } from '../../test/app';
import { createMember, YOUTUBE_WATCH, type Member } from '../../test/factories';
import { addPasskey, signInChallenge, signInWithPasskey } from '../../test/passkeys';
import { softPasskey } from '../../test/soft-authenticator';
import { turnOnApp } from '../../test/two-factor';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const origin = () => new URL(ctx.config.publicUrl).origin;
const FAILED = { code: 'PASSKEY_NOT_VERIFIED', message: PASSKEY_MESSAGES.signInFailed };

/** A member with a passkey, and a new browser that knows nothing of them. */
async function memberWithPasskey() {
  const member = await createMember(ctx);
  const added = await addPasskey(ctx, member);
  return { member, ...added, browser: createClient(ctx.app) };
}

describe('POST /api/signin/passkey refuses', () => {
  it.each([
    [{}],
    [{ response: {} }],
    [{ response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } }],
    [{ response: { id: 'a\u0000', rawId: 'a', type: 'public-key', response: {} } }],
    [{ response: { id: 'x'.repeat(2_000), rawId: 'x', type: 'public-key', response: {} } }],
  ])('the shape %o (400)', async (body) => {
    const answer = await createClient(ctx.app).post('/signin/passkey', body);
    expect(answer.statusCode).toBe(400);
  });

  it('a body over its bound (413)', async () => {
    const answer = await createClient(ctx.app).post('/signin/passkey', { pad: 'x'.repeat(20_000) });
    expect(answer.statusCode).toBe(413);
  });

  it.each([
    ['clientDataJSON that is not JSON', { clientDataJSON: 'bm90IGpzb24' }],
    ['authenticator data cut short', { authenticatorData: 'AAAA' }],
    ['a signature that is not DER', { signature: 'AAAA' }],
    ['another user handle', { userHandle: 'OTk5' }],
  ])('an answer with %s, alike and never with a 500 (401)', async (_, patch) => {
    const { key, userHandle, browser } = await memberWithPasskey();
    const challenge = await signInChallenge(browser);
    const response = key.assertion({ challenge, origin: origin(), userHandle });
    const answer = await browser.post('/signin/passkey', {
      response: { ...response, response: { ...response.response, ...patch } },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject(FAILED);
  });

  it('a passkey on no account, one that did not verify its user, one from another site', async () => {
    const { key, userHandle, browser } = await memberWithPasskey();
    const stranger = softPasskey();
    const unknown = await signInWithPasskey(ctx, browser, { key: stranger, userHandle });
    const unverified = await signInWithPasskey(
      ctx,
      browser,
      { key, userHandle },
      {
        userVerified: false,
      },
    );
    const challenge = await signInChallenge(browser);
    const elsewhere = await browser.post('/signin/passkey', {
      response: key.assertion({ challenge, origin: 'https://evil.example', userHandle }),
    });
    for (const answer of [unknown, unverified, elsewhere]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(FAILED);
      expect(answer.cookies).toHaveLength(0);
    }
  });

  it('a replayed answer: its challenge works once', async () => {
    const { key, userHandle, browser } = await memberWithPasskey();
    const challenge = await signInChallenge(browser);
    const response = key.assertion({ challenge, origin: origin(), userHandle });
    expect((await browser.post('/signin/passkey', { response })).statusCode).toBe(200);
    const replayed = await createClient(ctx.app).post('/signin/passkey', { response });
    expect(replayed.statusCode).toBe(401);
  });

  it('the second of two answers racing with one challenge', async () => {
    const { key, userHandle, browser } = await memberWithPasskey();
    const challenge = await signInChallenge(browser);
    const answers = await Promise.all(
      [1, 2].map((counter) =>
        createClient(ctx.app).post('/signin/passkey', {
          response: key.assertion({ challenge, origin: origin(), userHandle }, { counter }),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('an expired challenge', async () => {
    const { key, userHandle, browser } = await memberWithPasskey();
    const challenge = await signInChallenge(browser);
    await ctx.app.db.execute(
      sql`update webauthn_challenges set expires_at = now() - interval '1 second' where challenge = ${challenge}`,
    );
    const response = key.assertion({ challenge, origin: origin(), userHandle });
    expect((await browser.post('/signin/passkey', { response })).statusCode).toBe(401);
  });

  it('a counter that does not rise, as a cloned authenticator would send', async () => {
    const { key, userHandle, browser } = await memberWithPasskey();
    expect(
      (await signInWithPasskey(ctx, browser, { key, userHandle }, { counter: 5 })).statusCode,
    ).toBe(200);
    for (const counter of [5, 4, 0]) {
      const cloned = await signInWithPasskey(ctx, browser, { key, userHandle }, { counter });
      expect(cloned.statusCode).toBe(401);
    }
    expect(
      (await signInWithPasskey(ctx, browser, { key, userHandle }, { counter: 6 })).statusCode,
    ).toBe(200);
  });

  it('a suspended member (403), as POST /signin does', async () => {
    const { member, key, userHandle, browser } = await memberWithPasskey();
    await ctx.app.db.execute(sql`update users set suspended_at = now() where id = ${member.id}`);
    const answer = await signInWithPasskey(ctx, browser, { key, userHandle });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'SUSPENDED' });
  });

  it('a removed passkey', async () => {
    const { member, key, userHandle, passkey, browser } = await memberWithPasskey();
    await member.client.delete(`/passkeys/${passkey.id}`, { password: member.password });
    expect((await signInWithPasskey(ctx, browser, { key, userHandle })).statusCode).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('needs no password and no second step, and answers as POST /signin does', async () => {
    const { member, key, userHandle, browser } = await memberWithPasskey();
    await turnOnApp(member);
    const answer = await signInWithPasskey(ctx, browser, { key, userHandle });
    expect(answer.statusCode).toBe(200);
    const { token, user } = answer.json();
    expect(user).toMatchObject({
      id: member.id,
      email: member.email,
      security: { totp: true, passkeys: 1 },
    });
    expect(answer.cookies.map((cookie) => cookie.name)).toContain('refresh_token');
    browser.token = token;
    expect((await browser.get('/me')).json()).toMatchObject({ id: member.id });
    const [listed] = (await member.client.get('/passkeys')).json();
    expect(listed.lastUsedAt).toEqual(expect.any(String));
  });

  it('opens a session for an unconfirmed or waiting member, as POST /signin does', async () => {
    const { member, key, userHandle, browser } = await memberWithPasskey();
    await ctx.app.db.execute(
      sql`update users set is_verified = false, pending_approval = true where id = ${member.id}`,
    );
    const answer = await signInWithPasskey(ctx, browser, { key, userHandle });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user).toMatchObject({ isVerified: false, pendingApproval: true });
    browser.token = answer.json().token;
    // The guards of the routes that need a confirmed member still hold.
    const post = { title: 'Hello DevPlay', description: 'My first post', video: YOUTUBE_WATCH };
    expect((await browser.post('/post', post)).statusCode).toBe(403);
  });

  it('mails the member about a browser the account has not used, as any sign-in does', async () => {
    const { member, key, userHandle } = await memberWithPasskey();
    const firefox = createClient(ctx.app);
    const options = await firefox.post('/signin/passkey/options', {});
    const response = key.assertion({
      challenge: options.json().challenge,
      origin: origin(),
      userHandle,
    });
    await firefox.post(
      '/signin/passkey',
      { response },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' },
    );
    expect(ctx.mailbox.to(member.email).at(-1)?.subject).toBe(
      'New sign-in to your DevPlay account',
    );
  });

  it("offers the e-mail's passkeys, and answers an unknown e-mail as one without any", async () => {
    const { member, key } = await memberWithPasskey();
    const optionsFor = async (body: object) =>
      (await createClient(ctx.app).post('/signin/passkey/options', body)).json();
    expect(await optionsFor({ email: member.email.toUpperCase() })).toMatchObject({
      rpId: 'localhost',
      userVerification: 'required',
      allowCredentials: [{ id: key.id, type: 'public-key', transports: ['internal'] }],
    });
    const plain: Member = await createMember(ctx);
    for (const body of [{ email: 'nobody@example.com' }, { email: plain.email }, {}]) {
      const options = await optionsFor(body);
      expect(options.allowCredentials).toEqual([]);
      expect(Object.keys(options).sort()).toEqual(
        ['allowCredentials', 'challenge', 'rpId', 'timeout', 'userVerification'].sort(),
      );
    }
  });

  it('refuses an e-mail that is no e-mail (400)', async () => {
    const answer = await createClient(ctx.app).post('/signin/passkey/options', {
      email: 'not-an-email\u0000',
    });
    expect(answer.statusCode).toBe(400);
  });
});

describe('POST /api/signin on an account with passkeys', () => {
  it('asks for the passkey as the second step, beside the app when it is on too', async () => {
    const { member } = await memberWithPasskey();
    const passwordStep = () =>
      createClient(ctx.app).post('/signin', { email: member.email, password: member.password });
    const alone = await passwordStep();
    expect(alone.json()).toMatchObject({ twoFactorRequired: true, methods: ['passkey'] });
    expect(alone.cookies).toHaveLength(0);
    await turnOnApp(member);
    expect((await passwordStep()).json()).toMatchObject({
      methods: ['totp', 'recovery', 'passkey'],
    });
  });
});
