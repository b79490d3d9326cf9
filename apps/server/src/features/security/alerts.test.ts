import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knownBrowsers } from '../../db/schema/index';
import { createClient, createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { appCode, turnOnApp } from '../../test/two-factor';

const FIREFOX_WINDOWS = (version: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:${version}.0) Gecko/20100101 Firefox/${version}.0`;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const subjects = (member: Member) => ctx.mailbox.to(member.email).map((mail) => mail.subject);
const NEW_SIGN_IN = 'New sign-in to your DevPlay account';

const signInWith = (member: Member, userAgent: string) =>
  createClient(ctx.app).post(
    '/signin',
    { email: member.email, password: member.password },
    { 'user-agent': userAgent },
  );

describe('security alerts by e-mail', () => {
  it('tell the member when the authenticator app is added and removed', async () => {
    const member = await createMember(ctx);
    const { secret } = await turnOnApp(member);
    expect(subjects(member)).toContain('An authenticator app added to your DevPlay account');
    await member.client.delete('/me/2fa/totp', {
      password: member.password,
      code: appCode(secret, 1),
    });
    const removed = ctx.mailbox.to(member.email).at(-1)!;
    expect(removed.subject).toBe('An authenticator app removed from your DevPlay account');
    expect(removed.text).toContain('If this was not you, change your password');
  });

  it('tell of a sign-in from a browser not seen on the account, with where and what', async () => {
    const member = await createMember(ctx);
    // The account's first sign-in on record (at sign-up) was no news.
    expect(subjects(member)).not.toContain(NEW_SIGN_IN);
    const browser = createClient(ctx.app);
    await browser.post(
      '/signin',
      { email: member.email, password: member.password },
      { 'user-agent': FIREFOX_WINDOWS(133) },
    );
    const alert = ctx.mailbox.to(member.email).at(-1)!;
    expect(alert.subject).toBe(NEW_SIGN_IN);
    expect(alert.text).toContain('Firefox 133 on Windows 10');
    expect(alert.text).toContain(`from ${browser.ip.split('.').slice(0, 3).join('.')}.x`);
    expect(alert.text).toContain('If this was not you, change your password');
    expect(alert.html).not.toContain('<script');
  });

  it('stay quiet for a browser seen lately, a new version included, and speak after 90 days', async () => {
    const member = await createMember(ctx);
    await signInWith(member, FIREFOX_WINDOWS(133));
    const before = subjects(member).length;
    await signInWith(member, FIREFOX_WINDOWS(134));
    expect(subjects(member)).toHaveLength(before);

    await ctx.app.db
      .update(knownBrowsers)
      .set({ lastSeenAt: sql`now() - interval '91 days'` })
      .where(sql`${knownBrowsers.userId} = ${member.id}`);
    await signInWith(member, FIREFOX_WINDOWS(134));
    expect(subjects(member).slice(before)).toEqual([NEW_SIGN_IN]);
  });

  it('wait for the second step: a right password alone opens no session and sends no alert', async () => {
    const member = await createMember(ctx);
    await turnOnApp(member);
    const before = subjects(member).length;
    const answer = await signInWith(member, FIREFOX_WINDOWS(133));
    expect(answer.json()).toMatchObject({ twoFactorRequired: true });
    expect(subjects(member)).toHaveLength(before);
  });
});
