// Kept apart from the schemas so code that only needs these does not pull in zod.

/** Who may message a member or send them money; `following` = whom that member follows. */
export const PRIVACY_AUDIENCES = ['everyone', 'following', 'nobody'] as const;
export type PrivacyAudience = (typeof PRIVACY_AUDIENCES)[number];

export const REPORT_TARGETS = ['post', 'comment', 'user', 'message'] as const;

export const REPORT_REASONS = ['spam', 'harassment', 'hate', 'violence', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_ACTIONS = ['remove', 'warn', 'suspend'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REGISTRATION_MODES = ['open', 'approval', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const SAFETY_LIMITS = {
  /** A reporter's optional note. */
  reportTextMax: 1_000,
  /** An admin's note on resolving a report or suspending. */
  moderationNoteMax: 1_000,
  suspendDaysMax: 365,
  blockedEmailDomainsMax: 500,
  emailDomainMax: 253,
} as const;

/** API.md "Safety." texts, verbatim where it gives them. */
export const SAFETY_MESSAGES = {
  blocked: 'You cannot interact with this member.',
  messagesClosed: 'This member does not accept messages from you.',
  transfersClosed: 'This member does not accept money from you.',
  suspendedUntil: (until: string) => `Your account is suspended until ${until}.`,
  suspended: 'Your account is suspended.',
  pendingApproval: "Your account is waiting for an admin's approval.",
  registrationsClosed: 'Sign-ups are closed.',
  emailDomainNotAllowed: 'This e-mail domain is not allowed.',
  reportThanks: 'Thanks — an admin will review it.',
  selfBlock: 'You cannot block yourself',
  selfMute: 'You cannot mute yourself',
  selfReport: 'You cannot report yourself',
  cannotSuspendAdmin: 'An admin cannot be suspended: demote them first.',
} as const;

/** How the report dialog and the Reports tab name each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  hate: 'Hate',
  violence: 'Violence',
  scam: 'Scam',
  other: 'Other',
};

/** How Settings names each privacy audience. */
export const PRIVACY_AUDIENCE_LABELS: Record<PrivacyAudience, string> = {
  everyone: 'Everyone',
  following: 'People I follow',
  nobody: 'Nobody',
};
