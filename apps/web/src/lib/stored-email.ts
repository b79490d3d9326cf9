/**
 * E-mails remembered between screens (SPEC §4): the one awaiting verification, the one
 * resetting its password, and the one just confirmed, which the sign-in form starts with.
 * localStorage, so a reload or the mail app round-trip keeps it.
 */
export const STORED_EMAIL_KEYS = {
  verification: 'pendingVerificationEmail',
  reset: 'resetPasswordEmail',
  signIn: 'confirmedEmail',
} as const;

type StoredEmailKind = keyof typeof STORED_EMAIL_KEYS;

export function readStoredEmail(kind: StoredEmailKind): string | null {
  try {
    return localStorage.getItem(STORED_EMAIL_KEYS[kind]) || null;
  } catch {
    // Storage can be disabled (private mode, policies); the forms then ask for the e-mail.
    return null;
  }
}

export function storeEmail(kind: StoredEmailKind, email: string): void {
  try {
    localStorage.setItem(STORED_EMAIL_KEYS[kind], email);
  } catch {
    // See readStoredEmail.
  }
}

export function clearStoredEmail(kind: StoredEmailKind): void {
  try {
    localStorage.removeItem(STORED_EMAIL_KEYS[kind]);
  } catch {
    // See readStoredEmail.
  }
}
