import { CALENDAR_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, STRONG_PASSWORD, type TestContext } from '../../test/app';
import { createMember } from '../../test/factories';
import { issueFeed, readFeed } from '../../test/calendar-feed';

const NEW_PASSWORD = 'Brand1!newpass';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

async function expectRevoked(token: string) {
  const old = await readFeed(ctx.app, token);
  expect(old.statusCode).toBe(404);
  expect(old.json()).toMatchObject({ message: CALENDAR_MESSAGES.feedNotFound, code: 'NOT_FOUND' });
}

describe('a new password and the feed address', () => {
  it('revokes the address when the member changes the password', async () => {
    const member = await createMember(ctx);
    const other = await createMember(ctx);
    const { token } = await issueFeed(member);
    const { token: othersToken } = await issueFeed(other);
    const wrong = await member.client.put('/me', {
      currentPassword: 'Wrong1!password',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect((await readFeed(ctx.app, token)).statusCode).toBe(200);

    const changed = await member.client.put('/me', {
      currentPassword: STRONG_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    await expectRevoked(token);
    // Another member's address is theirs to keep; this member may ask for a new one.
    expect((await readFeed(ctx.app, othersToken)).statusCode).toBe(200);
    expect((await readFeed(ctx.app, (await issueFeed(member)).token)).statusCode).toBe(200);
  });

  it('revokes the address when the password is reset by e-mail', async () => {
    const member = await createMember(ctx);
    const { token } = await issueFeed(member);
    const anonymous = createClient(ctx.app);
    await anonymous.post('/forgot-password', { email: member.email });
    const reset = await anonymous.post('/reset-password', {
      email: member.email,
      code: ctx.mailbox.lastCode(member.email),
      newPassword: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    await expectRevoked(token);
  });
});
