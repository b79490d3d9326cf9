// Kept apart from the schemas so code that only needs these does not pull in zod.
/** Stable error codes; clients branch on these, never on message text. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  /** A client error with no more specific code (a 4xx from Fastify or one of its plugins). */
  badRequest: 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  emailTaken: 'EMAIL_TAKEN',
  usernameTaken: 'USERNAME_TAKEN',
  invalidCode: 'INVALID_CODE',
  codeExpired: 'CODE_EXPIRED',
  tooManyAttempts: 'TOO_MANY_ATTEMPTS',
  alreadyVerified: 'ALREADY_VERIFIED',
  invalidRefreshToken: 'INVALID_REFRESH_TOKEN',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  /** 414: a path parameter longer than the router reads. */
  uriTooLong: 'URI_TOO_LONG',
  requestTimeout: 'REQUEST_TIMEOUT',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** 507: the server's disk is too full to store an upload. */
  insufficientStorage: 'INSUFFICIENT_STORAGE',
  cooldown: 'COOLDOWN',
  selfFollow: 'SELF_FOLLOW',
  wrongPassword: 'WRONG_PASSWORD',
  insufficientFunds: 'INSUFFICIENT_FUNDS',
  idempotencyConflict: 'IDEMPOTENCY_CONFLICT',
  dayLocked: 'DAY_LOCKED',
  participantExists: 'PARTICIPANT_EXISTS',
  participantInBracket: 'PARTICIPANT_IN_BRACKET',
  notParticipant: 'NOT_PARTICIPANT',
  tournamentFull: 'TOURNAMENT_FULL',
  playerBusyInRound: 'PLAYER_BUSY_IN_ROUND',
  mapNameTaken: 'MAP_NAME_TAKEN',
  mapInUse: 'MAP_IN_USE',
  cannotDeleteSelf: 'CANNOT_DELETE_SELF',
  cannotDeleteAdmin: 'CANNOT_DELETE_ADMIN',
  cityNotFound: 'CITY_NOT_FOUND',
  /** A third party (weather, news) failed or answered nonsense. */
  upstreamFailed: 'UPSTREAM_FAILED',
  /** A third party did not answer in time. */
  upstreamTimeout: 'UPSTREAM_TIMEOUT',
  /** 503: the database cannot be reached; `Retry-After` says when to try again. */
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  /** 403: either member blocks the other. */
  blocked: 'BLOCKED',
  /** 403: the receiver's privacy does not let this sender message them. */
  messagesClosed: 'MESSAGES_CLOSED',
  /** 403: the receiver's privacy does not let this sender pay them. */
  transfersClosed: 'TRANSFERS_CLOSED',
  /** 403 at sign-in: the account is suspended. */
  suspended: 'SUSPENDED',
  /** 403 on writes: the account waits for an admin's approval. */
  pendingApproval: 'PENDING_APPROVAL',
  /** 403 at sign-up: registrations are closed. */
  registrationsClosed: 'REGISTRATIONS_CLOSED',
  /** 400 for blocking, muting or reporting oneself. */
  selfTarget: 'SELF_TARGET',
  /** 409: an admin cannot be suspended (demote first). */
  cannotSuspendAdmin: 'CANNOT_SUSPEND_ADMIN',
  internal: 'INTERNAL_ERROR',
  /** 409: approving or rejecting a member who is not waiting for approval. */
  notPendingApproval: 'NOT_PENDING_APPROVAL',
  /** 409: resolving a report that is no longer open. */
  reportResolved: 'REPORT_RESOLVED',
  /** 401 at the second step: the sign-in ticket is unknown, used up or older than 5 minutes. */
  ticketExpired: 'TICKET_EXPIRED',
  /** 409: setting up an authenticator app while one is on. */
  twoFactorOn: 'TWO_FACTOR_ON',
  /** 409: enabling, turning off or renewing codes with no authenticator app set up. */
  twoFactorOff: 'TWO_FACTOR_OFF',
  /** 403 on admin routes with REQUIRE_ADMIN_2FA=on: the admin has no second factor. */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  /** 400: a WebAuthn answer that does not verify (its challenge unknown or used, a bad signature). */
  passkeyNotVerified: 'PASSKEY_NOT_VERIFIED',
  /** 409: the credential is on an account already. */
  passkeyExists: 'PASSKEY_EXISTS',
  /** 422: the member keeps PASSKEY.perMember passkeys already. */
  passkeyLimit: 'PASSKEY_LIMIT',
  /** 409: a data export is being made; 429 uses RATE_LIMITED for the one-a-day rule. */
  exportInProgress: 'EXPORT_IN_PROGRESS',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
