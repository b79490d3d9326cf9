import type { Report, ReportAction, ReportStatus } from '@devplay/shared';
import type { ReportFilter } from './reports-api';

/** The Reports tab's words (API.md gives none for it). */
export const REPORTS_TEXTS = {
  heading: 'Reports',
  status: 'Status',
  search: 'Search reports by text, note or member',
  noMatch: (query: string) => `No reports match "${query}".`,
  loadError: 'Error loading reports',
  empty: {
    open: 'No open reports: nothing waits for an admin.',
    resolved: 'No resolved reports yet.',
    dismissed: 'No dismissed reports yet.',
    all: 'Nobody has reported anything yet.',
  } satisfies Record<ReportFilter, string>,
  deletedMember: 'a deleted member',
  privateMessage: 'A private message: only its text is shown here.',
  note: 'Note',
  noteHint: 'For the admins: the author does not see it.',
  warningNote: 'Note to the author',
  warningHint: 'The author reads it in their notifications.',
  reason: 'Reason',
  duration: 'Duration',
  required: 'Please write it.',
  suspensionHint: 'Kept with the suspension and in the audit log; the member does not see it.',
  suspendTitle: (who: string) => `Suspend ${who}?`,
  suspendText: (who: string) =>
    `${who} is signed out everywhere and cannot sign in until the suspension ends.`,
  suspended: (who: string) => `${who} was suspended`,
} as const;

/** How screen readers hear the open count beside the Reports tab and the Admin Panel entry. */
export const openReportsNoun = (count: number) => (count === 1 ? 'open report' : 'open reports');

export const FILTER_LABELS: Record<ReportFilter, string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
  all: 'All',
};

export const STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

export const ACTION_LABELS: Record<ReportAction, string> = {
  remove: 'Removed',
  warn: 'Author warned',
  suspend: 'Author suspended',
};

export const TARGET_NOUNS: Record<Report['target']['type'], string> = {
  post: 'post',
  comment: 'comment',
  user: 'member',
  message: 'message',
};

/** The suspensions the dialog offers; null: until an admin lifts it. */
export const SUSPENSION_CHOICES = [
  { days: 1, label: '1 day' },
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: null, label: 'Until lifted' },
] as const;
