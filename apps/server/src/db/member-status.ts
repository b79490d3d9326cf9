import type { MemberStatus } from '@devplay/shared';
import { and, not, sql, type SQL } from 'drizzle-orm';
import { users } from './schema/index';

/** A suspension runs from `suspended_at` until `suspended_until`, or until lifted when that is null. */
export const suspensionRuns = sql<boolean>`(${users.suspendedAt} is not null and (${users.suspendedUntil} is null or ${users.suspendedUntil} > now()))`;

/** The Users tab's status of a member: a running suspension wins over waiting for approval. */
export const memberStatus = sql<MemberStatus>`case when ${suspensionRuns} then 'suspended' when ${users.pendingApproval} then 'pending' else 'active' end`;

/** The members in `status`, written so that `pending` can use the partial index on waiting members. */
export function memberStatusIs(status: MemberStatus): SQL {
  switch (status) {
    case 'suspended':
      return suspensionRuns;
    case 'pending':
      return and(sql`${users.pendingApproval}`, not(suspensionRuns))!;
    case 'active':
      return and(not(users.pendingApproval), not(suspensionRuns))!;
  }
}
