// Kept apart from the schemas so code that only needs these does not pull in zod.
/** The admin panel's texts (SPEC §2, §6; the audit log is beyond the spec). */
export const ADMIN_MESSAGES = {
  userDeleted: 'User deleted',
  postDeleted: 'Post deleted',
  commentDeleted: 'Comment deleted',
  userNotFound: 'User not found',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  cannotDeleteSelf:
    'You cannot delete your own account from the admin panel: use Settings to delete it.',
  cannotDeleteAdmin: 'Admins cannot be deleted from the admin panel.',
} as const;

/** What an admin may search the lists by: part of a name, an e-mail, a title or a text. */
export const ADMIN_SEARCH_MAX = 100;

/**
 * Every admin action the audit log records, written in the same transaction as the action.
 * Stored as text, so the list only ever grows.
 */
export const AUDIT_ACTIONS = [
  'user.delete',
  'post.delete',
  'comment.delete',
  'map.create',
  'map.delete',
  'holiday.set',
  'holiday.remove',
  'participant.add',
  'participant.remove',
  'match.save',
  'match.delete',
  'bracket.reset',
  'match-maps.save',
  'user.promote',
  'user.demote',
  'user.password-reset',
  'user.approve',
  'user.reject',
  'settings.update',
  'report.resolve',
  'user.suspend',
  'user.unsuspend',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the Audit tab names each action (its filter and its rows). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.delete': 'User deleted',
  'post.delete': 'Post deleted',
  'comment.delete': 'Comment deleted',
  'map.create': 'Map added',
  'map.delete': 'Map deleted',
  'holiday.set': 'Holiday set',
  'holiday.remove': 'Holiday removed',
  'participant.add': 'Participant added',
  'participant.remove': 'Participant removed',
  'match.save': 'Match saved',
  'match.delete': 'Match deleted',
  'bracket.reset': 'Bracket reset',
  'match-maps.save': 'Match maps saved',
  'user.promote': 'Admin rights given',
  'user.demote': 'Admin rights taken',
  'user.password-reset': 'Password reset',
  'user.approve': 'Member approved',
  'user.reject': 'Member rejected',
  'settings.update': 'Settings changed',
  'report.resolve': 'Report resolved',
  'user.suspend': 'Member suspended',
  'user.unsuspend': 'Suspension lifted',
};

export const AUDIT_TARGET_TYPES = [
  'user',
  'post',
  'comment',
  'map',
  'holiday',
  'participant',
  'match',
  'bracket',
  'settings',
  'report',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** How the Users tab shows a member's state; `suspended` wins over `pending`. */
export const MEMBER_STATUSES = ['active', 'pending', 'suspended'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** Approving and rejecting members who signed up while registrations needed approval. */
export const APPROVAL_MESSAGES = {
  userApproved: 'Member approved',
  userRejected: 'Member rejected and their account deleted',
  notPending: 'This member is not waiting for approval.',
} as const;
