// Kept apart from the schemas so screens that only need a text do not pull in zod.

/** RFC 6238 as authenticator apps expect it, and the sign-in ticket's bounds (API.md). */
export const TWO_FACTOR = {
  issuer: 'DevPlay',
  digits: 6,
  periodSeconds: 30,
  /** Steps accepted either side of now, for a phone whose clock drifts. */
  window: 1,
  recoveryCodes: 10,
  /** Letters and digits in a recovery code, written as two groups of five. */
  recoveryCodeLength: 10,
  ticketMinutes: 5,
  ticketTries: 5,
} as const;

/** What the second step of a sign-in accepts. */
export const SECOND_STEP_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];

export const TWO_FACTOR_MESSAGES = {
  enterCode: 'Enter the 6-digit code',
  codeFormat: 'The code is 6 digits',
  enterRecoveryCode: 'Enter a recovery code',
  recoveryCodeFormat: 'A recovery code is 10 letters and digits, such as k7m2p-q9x4t',
  factorCodeFormat: 'Enter the 6-digit code from your app, or a recovery code',
  enterPassword: 'Enter your password',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  wrongRecoveryCode: 'That recovery code is not right or was already used.',
  wrongPasswordOrCode: 'The password or the code is not right.',
  ticketExpired: 'Your sign-in took too long. Please sign in again.',
  tooManyTries: 'Too many wrong codes. Please sign in again in a few minutes.',
  alreadyOn: 'Two-factor authentication is already on.',
  notSetUp: 'Start the setup again: no authenticator is waiting for a code.',
  notOn: 'Two-factor authentication is not on.',
  turnedOff: 'Two-factor authentication is off.',
  required: 'Admins must turn on two-factor authentication first (Settings → Security).',
} as const;

export const SESSION_MESSAGES = {
  ended: 'Signed out of that device.',
  othersEnded: 'Signed out of every other device.',
  notFound: 'That device is not signed in.',
  unknownBrowser: 'Unknown browser',
  unknownSystem: 'Unknown system',
} as const;
