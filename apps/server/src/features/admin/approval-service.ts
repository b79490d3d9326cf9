import { ADMIN_MESSAGES, APPROVAL_MESSAGES, ERROR_CODES } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../../db/audit';
import { users } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';

/**
 * POST /admin/user/:id/approve: a member waiting since sign-up may write from their next
 * request, on every process (the `member` message makes each forget the row it kept).
 */
export async function approveMember(
  { db, events }: Pick<Deps, 'db' | 'events'>,
  admin: AuditActor,
  userId: number,
) {
  await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ username: users.username, email: users.email, pending: users.pendingApproval })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!member) throw notFound(ADMIN_MESSAGES.userNotFound);
    if (!member.pending)
      throw conflict(APPROVAL_MESSAGES.notPending, ERROR_CODES.notPendingApproval);
    await tx.update(users).set({ pendingApproval: false }).where(eq(users.id, userId));
    await recordAudit(tx, admin, {
      action: 'user.approve',
      targetType: 'user',
      targetId: userId,
      summary: `Approved member ${member.username} (${member.email})`,
    });
  });
  await events.post({ kind: 'member', userId });
}
