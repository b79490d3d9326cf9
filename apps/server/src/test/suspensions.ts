import { sql } from 'drizzle-orm';
import { useAdminPanel } from './admin-panel';
import { createClient, STRONG_PASSWORD } from './app';
import { rowsOf } from './database';
import { createMember, type Member } from './factories';

type SuspensionRow = {
  suspended_at: unknown;
  suspended_until: unknown;
  suspension_reason: unknown;
};

/** The admin panel of `useAdminPanel`, and what the tests of suspensions ask of it. */
export function useSuspensionsPanel(adminEmails: string[]) {
  const t = useAdminPanel(adminEmails);
  return Object.assign(t, {
    newMember: () => createMember(t.ctx),
    suspend: (id: number, body: object) => t.admin.client.post(`/admin/user/${id}/suspend`, body),
    unsuspend: (id: number) => t.admin.client.post(`/admin/user/${id}/unsuspend`),
    /** A sign-in from a new browser. */
    signIn: (who: Member, password = STRONG_PASSWORD) =>
      createClient(t.ctx.app).post('/signin', { email: who.email, password }),
    /** The member's suspension columns as stored. */
    suspensionOf: async (id: number) =>
      (
        await rowsOf<SuspensionRow>(
          t.ctx.app.db,
          sql`select suspended_at, suspended_until, suspension_reason from users where id = ${id}`,
        )
      )[0]!,
  });
}
