// Kept apart from the schemas so code that only needs these does not pull in zod.
import { SAFETY_MESSAGES, type ReportAction, type ReportStatus } from './safety-texts';

/** The texts of reporting, the Reports tab and suspensions beyond API.md's own. */
export const REPORT_MESSAGES = {
  messageNotReceived: 'You can only report a message you received.',
  reportNotFound: 'Report not found',
  alreadyResolved: 'This report has already been resolved.',
  daysOnlyToSuspend: 'Days apply only to a suspension.',
  cannotRemoveMember:
    'A member cannot be removed from a report: suspend them, or delete them from the Users tab.',
  memberSuspended: 'Member suspended',
  suspensionLifted: 'Suspension lifted',
} as const;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * SPEC §3's day.month.year hour:minute, 24-hour, in UTC: the server writes it, and cannot know
 * the reader's time zone.
 */
export function formatUtcDateTime(iso: string): string {
  const date = new Date(iso);
  return (
    `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${date.getUTCFullYear()} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`
  );
}

/** What a suspended member reads at sign-in (API.md "Safety."); `until` null: until lifted. */
export const suspendedMessage = (until: string | null) =>
  until === null
    ? SAFETY_MESSAGES.suspended
    : SAFETY_MESSAGES.suspendedUntil(formatUtcDateTime(until));

/** A resolution's outcome as the reporter's notification carries it. */
export type ReportOutcome = { status: Exclude<ReportStatus, 'open'>; action: ReportAction | null };
