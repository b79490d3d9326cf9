import {
  ADMIN_MESSAGES,
  ERROR_CODES,
  formatUtcDateTime,
  REPORT_MESSAGES,
  SAFETY_MESSAGES,
  suspendedMessage,
} from '@devplay/shared';
import { eq, sql } from 'drizzle-orm';
import { quote, recordAudit, type AuditActor } from '../../db/audit';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { revokeSessions } from '../../db/sessions';
import { runningSuspension } from '../../db/suspensions';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import { feedChanged } from '../../plugins/feed-changes';

export type SuspensionDeps = Pick<Deps, 'db' | 'events' | 'live' | 'isAdmin'>;

/** `days` omitted: until an admin lifts it. */
export type SuspensionInput = { reason: string; days?: number };

const lockMember = async (tx: Db, userId: number) => {
  const [member] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!member) throw notFound(ADMIN_MESSAGES.userNotFound);
  return member;
};

/** How the audit log says when a suspension ends. */
export const untilText = (until: Date | null) =>
  until ? `until ${formatUtcDateTime(until.toISOString())} UTC` : 'until lifted';

/**
 * The rows of a suspension, in the caller's transaction (the route's, or a report's
 * resolution's): the member's columns, every session revoked, and the audit entry. A suspension
 * of a suspended member replaces its end and reason. Admins are not suspended (409): demote
 * first. Run `afterSuspension` once committed.
 */
export async function suspendIn(
  tx: Db,
  isAdmin: Deps['isAdmin'],
  admin: AuditActor,
  userId: number,
  { reason, days }: SuspensionInput,
): Promise<{ until: Date | null }> {
  const member = await lockMember(tx, userId);
  if (isAdmin(member))
    throw conflict(SAFETY_MESSAGES.cannotSuspendAdmin, ERROR_CODES.cannotSuspendAdmin);
  const [row] = await tx
    .update(users)
    .set({
      suspendedAt: sql`now()`,
      suspendedUntil: days === undefined ? null : sql`now() + make_interval(days => ${days}::int)`,
      suspensionReason: reason,
    })
    .where(eq(users.id, userId))
    .returning({ until: users.suspendedUntil });
  await revokeSessions(tx, userId);
  const until = row!.until;
  await recordAudit(tx, admin, {
    action: 'user.suspend',
    targetType: 'user',
    targetId: userId,
    summary: `Suspended ${member.username} ${untilText(until)}: ${quote(reason)}`,
  });
  return { until };
}

/**
 * Once a suspension committed: the member's sockets close with 4403 and every process forgets
 * their sessions (the `disconnect` message); their posts leave the kept feed pages.
 */
export async function afterSuspension(
  { db, events, live }: SuspensionDeps,
  { userId, until }: { userId: number; until: Date | null },
) {
  // The close frame says what sign-in would, so the tab can tell the member why it ended.
  const reason = suspendedMessage(until?.toISOString() ?? null);
  await live.disconnect({ userId, suspended: true, reason });
  await feedChanged(db, events);
}

const answer = (message: string, until: Date | null) => ({
  message,
  until: until?.toISOString() ?? null,
});

/** POST /admin/user/:id/suspend. */
export async function suspendMember(
  deps: SuspensionDeps,
  admin: AuditActor,
  userId: number,
  input: SuspensionInput,
) {
  const { until } = await deps.db.transaction((tx) =>
    suspendIn(tx, deps.isAdmin, admin, userId, input),
  );
  await afterSuspension(deps, { userId, until });
  return answer(REPORT_MESSAGES.memberSuspended, until);
}

/**
 * POST /admin/user/:id/unsuspend: the member may sign in again. Lifting a suspension that is not
 * running (none, or one that ended by itself) changes nothing anyone sees, so it records nothing.
 */
export async function unsuspendMember(deps: SuspensionDeps, admin: AuditActor, userId: number) {
  const lifted = await deps.db.transaction(async (tx) => {
    const member = await lockMember(tx, userId);
    if (!member.suspendedAt) return false;
    await tx
      .update(users)
      .set({ suspendedAt: null, suspendedUntil: null, suspensionReason: null })
      .where(eq(users.id, userId));
    if (!runningSuspension(member)) return false;
    await recordAudit(tx, admin, {
      action: 'user.unsuspend',
      targetType: 'user',
      targetId: userId,
      summary: `Lifted the suspension of ${member.username}`,
    });
    return true;
  });
  if (lifted) await feedChanged(deps.db, deps.events);
  return answer(REPORT_MESSAGES.suspensionLifted, null);
}
