// Kept apart from the schemas so screens that only need a text do not pull in zod.

export const DATA_EXPORT = {
  /** How long an archive can be downloaded once it is ready. */
  keptDays: 7,
  /** Archives a member may start in 24 hours. */
  perDay: 1,
} as const;

export const DATA_EXPORT_STATUSES = ['none', 'pending', 'ready'] as const;

export const DATA_EXPORT_MESSAGES = {
  inProgress: 'Your archive is still being made. We will e-mail you when it is ready.',
  oncePerDay: 'You can make one archive a day. Please try again tomorrow.',
  noneReady: 'There is no archive to download. Make one first.',
  mailSubject: 'Your DevPlay archive is ready',
} as const;
