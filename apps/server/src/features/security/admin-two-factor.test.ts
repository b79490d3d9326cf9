import { TWO_FACTOR_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember } from '../../test/factories';
import { turnOnApp } from '../../test/two-factor';

describe('REQUIRE_ADMIN_2FA', () => {
  const adminEmails = new Set(['chief@example.com', 'deputy@example.com']);
  let strict: TestContext;
  let lenient: TestContext;
  beforeAll(async () => {
    strict = await createTestApp({ adminEmails, requireAdmin2fa: true });
    lenient = await createTestApp({ adminEmails });
  });
  afterAll(async () => {
    await strict.app.close();
    await lenient.app.close();
  });

  it('turns an admin without a factor away from admin routes (403 TWO_FACTOR_REQUIRED)', async () => {
    const admin = await createMember(strict, { email: 'chief@example.com' });
    const refused = await admin.client.get('/admin/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: TWO_FACTOR_MESSAGES.required,
      code: 'TWO_FACTOR_REQUIRED',
    });
    // The way out stays open: the member's own routes answer.
    await turnOnApp(admin);
    expect((await admin.client.get('/admin/users')).statusCode).toBe(200);
  });

  it('still answers a member 403 FORBIDDEN, and asks nothing when off', async () => {
    const member = await createMember(strict);
    expect((await member.client.get('/admin/users')).json()).toMatchObject({ code: 'FORBIDDEN' });
    const admin = await createMember(lenient, { email: 'deputy@example.com' });
    expect((await admin.client.get('/admin/users')).statusCode).toBe(200);
  });
});
