// Kept apart from the schemas so the service worker and settings screen need no zod for a text.

export const PUSH = {
  /** A push service's address is a URL of a few hundred characters; this is well above any. */
  endpointMax: 2_048,
  /** An uncompressed P-256 public key (65 bytes) and the auth secret (16), in base64url. */
  p256dhBytes: 65,
  authBytes: 16,
  /** Devices a member may keep subscribed; a new one past it replaces the oldest. */
  perMember: 20,
} as const;

export const PUSH_MESSAGES = {
  endpointInvalid: 'The push endpoint must be an https:// address.',
  endpointTooLong: `The push endpoint is at most ${PUSH.endpointMax} characters.`,
  endpointPrivate: 'The push endpoint must be a public address on the internet.',
  endpointUnresolved: 'The push endpoint’s host could not be found.',
  keysInvalid: 'The subscription’s keys are not valid (p256dh and auth, base64url).',
  typesInvalid: 'Unknown notification type.',
  subscribed: 'Push notifications are on for this device.',
  unsubscribed: 'Push notifications are off for this device.',
} as const;
