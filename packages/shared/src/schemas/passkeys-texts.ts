// Kept apart from the schemas so screens that only need a text do not pull in zod.

export const PASSKEY = {
  nameMax: 64,
  /** A registration's or a sign-in's challenge lives this long between options and answer. */
  challengeMinutes: 5,
  /** Passkeys a member may keep: one per device and key is plenty. */
  perMember: 20,
  /** A sign-in's body: a WebAuthn answer is about 1 KiB; the schema's bounds add up below this. */
  answerMaxBytes: 16_384,
} as const;

export const PASSKEY_MESSAGES = {
  enterName: 'Give the passkey a name',
  nameTooLong: `A passkey's name is at most ${PASSKEY.nameMax} characters`,
  added: 'Passkey added.',
  renamed: 'Passkey renamed.',
  removed: 'Passkey removed.',
  notFound: 'That passkey is not on your account.',
  tooMany: `You can keep at most ${PASSKEY.perMember} passkeys. Remove one first.`,
  alreadyAdded: 'This passkey is already on your account.',
  notVerified: 'That passkey could not be checked. Please try again.',
  expired: 'That took too long. Please try again.',
  signInFailed: 'That passkey is not known here, or it could not be checked.',
  codeForLast:
    'Removing your last passkey needs the password and a current code from your authenticator app.',
} as const;
