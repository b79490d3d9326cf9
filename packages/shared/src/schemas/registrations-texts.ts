// Kept apart from the schemas so code that only needs these does not pull in zod.
import { SAFETY_LIMITS, type RegistrationMode } from './safety-texts';

/** How the admin's Settings tab names each registration mode, and what it means. */
export const REGISTRATION_MODE_LABELS: Record<RegistrationMode, { label: string; hint: string }> = {
  open: { label: 'Open', hint: 'Anyone may sign up.' },
  approval: {
    label: 'Approval',
    hint: 'New members can read once they confirm their e-mail, and write once an admin approves them.',
  },
  closed: { label: 'Closed', hint: 'Nobody may sign up.' },
};

export const REGISTRATION_TEXTS = {
  /** The sign-up form's lead while registrations need approval. */
  approvalLead: 'We will e-mail you a 6-digit code, then an admin approves your account.',
  settingsSaved: 'Settings saved',
  settingsLoadError: 'Error loading settings',
  settingsSaveError: 'Error saving settings',
  domainAlreadyListed: 'This domain is already in the list',
  domainsFull: `At most ${SAFETY_LIMITS.blockedEmailDomainsMax} domains`,
  rejectQuestion: (username: string) => `Reject ${username}?`,
  rejectExplained:
    'Their account is deleted with everything in it, as Delete does. They are not told. This cannot be undone.',
} as const;
