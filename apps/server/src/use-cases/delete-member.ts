import {
  ADMIN_MESSAGES,
  APPROVAL_MESSAGES,
  AUTH_MESSAGES,
  centsToEuros,
  ERROR_CODES,
  memberDeletionRefusal,
} from '@devplay/shared';
import { eq, or, sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '../db/audit';
import type { Db } from '../db/client';
import {
  accounts,
  comments,
  follows,
  likes,
  messages,
  posts,
  uploads,
  users,
} from '../db/schema/index';
import { retryingCollisions } from '../lib/db-retry';
import type { Deps } from '../deps';
import { AppError, conflict, notFound, unauthorized } from '../lib/errors';
import { feedChanged } from '../plugins/feed-changes';
import { plural } from './plural';

export type DeleteMemberDeps = Pick<Deps, 'db' | 'events' | 'live' | 'isAdmin' | 'memberSteps'> & {
  storage: Pick<Deps['storage'], 'remove'>;
};

/** What goes with a member, for the audit entry's summary. */
async function footprint(tx: Db, userId: number) {
  const [row] = await tx
    .select({
      posts: sql<number>`(select count(*)::int from ${posts} where ${posts.authorId} = ${userId})`,
      comments: sql<number>`(select count(*)::int from ${comments} where ${comments.userId} = ${userId})`,
      likes: sql<number>`(select count(*)::int from ${likes} where ${likes.userId} = ${userId})`,
      messages: sql<number>`(select count(*)::int from ${messages} where ${or(eq(messages.senderId, userId), eq(messages.receiverId, userId))})`,
      follows: sql<number>`(select count(*)::int from ${follows} where ${or(eq(follows.followerId, userId), eq(follows.followingId, userId))})`,
      uploads: sql<number>`(select count(*)::int from ${uploads} where ${uploads.ownerId} = ${userId})`,
      balanceCents: sql<string>`coalesce((select ${accounts.balanceCents} from ${accounts} where ${accounts.userId} = ${userId}), 0)`,
    })
    .from(sql`(select 1) as one`);
  const counted = (['post', 'comment', 'like', 'message', 'follow', 'upload'] as const)
    .map((noun) => plural(row![`${noun}s`], noun))
    .join(', ');
  return `${counted}; €${centsToEuros(Number(row!.balanceCents)).toFixed(2)} returned to the system account`;
}

/** The member's row goes, and the cascade with it; answers their files, to remove once committed. */
async function removeMember(tx: Db, userId: number): Promise<string[]> {
  const owned = await tx
    .select({ url: uploads.url })
    .from(uploads)
    .where(eq(uploads.ownerId, userId));
  await tx.delete(users).where(eq(users.id, userId));
  return owned.map((row) => row.url);
}

/**
 * An admin's deletion of a member: `delete` any member but an admin, or `reject` one who signed
 * up while registrations needed approval and still waits (409 otherwise).
 */
export type AdminDeletion = { admin: AuditActor; as: 'delete' | 'reject' };

const AUDITED = {
  delete: { action: 'user.delete', verb: 'Deleted' },
  reject: { action: 'user.reject', verb: 'Rejected' },
} as const;

/**
 * A member leaves, by their own hand (DELETE /me) or an admin's (DELETE /admin/user/:id and
 * POST /admin/user/:id/reject, `by` set): each feature's leaving step runs (money returns their balance to the system account by a
 * transfer, the tournament takes their results out of the bracket), the cascade takes their
 * content and sessions, their files go, and their open sockets close on every process. Cannot be
 * undone.
 *
 * One transaction, which starts by locking the member's row: of deletions at once the first
 * wins and the others find the member gone (404; 401 to the member themself, whose session went
 * with them), so the money moves once and an admin's audit entry exists exactly when the
 * deletion happened. An admin may delete neither themself (Settings does that) nor another admin.
 * Two members leaving at once may deadlock on the posts both liked (their counters); PostgreSQL
 * aborts one, which then runs again. The files go only once the rows are gone for good.
 */
export async function deleteMember(
  { db, events, storage, live, isAdmin, memberSteps }: DeleteMemberDeps,
  userId: number,
  by?: AdminDeletion,
) {
  const files = await retryingCollisions(() =>
    db.transaction(async (tx) => {
      const [member] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!member) {
        throw by
          ? notFound(ADMIN_MESSAGES.userNotFound)
          : unauthorized(AUTH_MESSAGES.sessionExpired);
      }
      let summary = '';
      if (by) {
        const refusal = memberDeletionRefusal(by.admin.id, {
          id: userId,
          isAdmin: isAdmin(member),
        });
        if (refusal) throw new AppError(403, refusal.code, refusal.message);
        if (by.as === 'reject' && !member.pendingApproval) {
          throw conflict(APPROVAL_MESSAGES.notPending, ERROR_CODES.notPendingApproval);
        }
        summary = await footprint(tx, userId);
      }
      for (const step of memberSteps.leaving) await step(tx, userId);
      const owned = await removeMember(tx, userId);
      if (by) {
        const { action, verb } = AUDITED[by.as];
        await recordAudit(tx, by.admin, {
          action,
          targetType: 'user',
          targetId: userId,
          summary: `${verb} member ${member.username} (${member.email}) with ${summary}`,
        });
      }
      return owned;
    }),
  );
  await feedChanged(db, events);
  await storage.remove(files);
  await live.disconnect({ userId });
}
