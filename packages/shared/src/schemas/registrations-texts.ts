// Kept apart from the schemas so code that only needs these does not pull in zod.
import type { RegistrationMode } from './safety-texts';

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
  /** Under the sign-up form while registrations need approval. */
  approvalNotice: 'An admin approves new accounts before they can post, comment or message.',
  settingsSaved: 'Settings saved',
  settingsLoadError: 'Error loading settings',
  settingsSaveError: 'Error saving settings',
  domainAlreadyListed: 'This domain is already in the list',
} as const;
