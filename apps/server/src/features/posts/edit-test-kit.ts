import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';

const ADMIN_EMAIL = 'edit-admin@example.com';

/** One app per test file with an author, another member and an admin, made before its tests. */
export function useMembers() {
  const kit = {} as { ctx: TestContext; author: Member; other: Member; admin: Member };
  beforeAll(async () => {
    kit.ctx = await createTestApp({ rateLimits: false, adminEmails: new Set([ADMIN_EMAIL]) });
    kit.author = await createMember(kit.ctx);
    kit.other = await createMember(kit.ctx);
    kit.admin = await createMember(kit.ctx, { email: ADMIN_EMAIL });
  });
  afterAll(() => kit.ctx.app.close());
  return kit;
}
