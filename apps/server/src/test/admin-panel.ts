import type { AuditEntry } from '@devplay/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestContext } from './app';
import { createMember, type Member } from './factories';

/**
 * One app per test file whose admins are `adminEmails`; the first `signedUp` of them have
 * accounts (the rest may sign up in a test), and so does one plain member. Rate limits are off:
 * the admin tests make many requests as one member. Getters, because the app exists only once
 * `beforeAll` ran.
 */
export function useAdminPanel(adminEmails: string[], signedUp = adminEmails.length) {
  let ctx: TestContext;
  const admins: Member[] = [];
  let member: Member;
  beforeAll(async () => {
    ctx = await createTestApp({ adminEmails: new Set(adminEmails), rateLimits: false });
    for (const email of adminEmails.slice(0, signedUp))
      admins.push(await createMember(ctx, { email }));
    member = await createMember(ctx);
  });
  afterAll(() => ctx.app.close());

  const kit = {
    get ctx() {
      return ctx;
    },
    /** The first admin. */
    get admin() {
      return admins[0]!;
    },
    get admins() {
      return admins;
    },
    get member() {
      return member;
    },
    /** The audit log as the first admin reads it, newest first. */
    async auditEntries(query = ''): Promise<AuditEntry[]> {
      const response = await kit.admin.client.get(`/admin/audit?limit=100${query}`);
      expect(response.statusCode).toBe(200);
      return response.json().items;
    },
    auditCount: async () => (await kit.auditEntries()).length,
    /** Does `act`, which must succeed, and answers the one entry it wrote. */
    async recorded(act: () => Promise<{ statusCode: number; body: string }>) {
      const before = await kit.auditCount();
      const response = await act();
      expect(response.statusCode, response.body).toBeLessThan(300);
      expect(await kit.auditCount()).toBe(before + 1);
      return (await kit.auditEntries())[0]!;
    },
    /** Does `act`, which must fail with `status`, and checks that nothing was written. */
    async notRecorded(status: number, act: () => Promise<{ statusCode: number }>) {
      const before = await kit.auditCount();
      expect((await act()).statusCode).toBe(status);
      expect(await kit.auditCount()).toBe(before);
    },
  };
  return kit;
}
