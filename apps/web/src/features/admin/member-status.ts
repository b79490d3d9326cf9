import { MEMBER_STATUSES, type MemberStatus } from '@devplay/shared';

/** How the Users tab names a member's status, in its filter and on each row. */
export const STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  suspended: 'Suspended',
};

export const isStatus = (value: string): value is MemberStatus =>
  (MEMBER_STATUSES as readonly string[]).includes(value);
