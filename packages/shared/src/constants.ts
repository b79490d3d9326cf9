/** Business limits of SPEC §9 and the security bars of DESIGN §7, shared by server and web. */
export const LIMITS = {
  usernameMin: 3,
  usernameMax: 30,
  signUpPasswordMin: 8,
  signInPasswordMin: 5,
  passwordMax: 128,
  emailMax: 254,
  postTitleMin: 3,
  postTitleMax: 100,
  postDescriptionMin: 3,
  postDescriptionMax: 1000,
  videoLinkMax: 500,
  /** A post image's description, read as its alt text. */
  imageAltMax: 1000,
  imageMaxBytes: 5_242_880,
  popupAvatarsMax: 5,
  fullNameMax: 60,
  bioMax: 500,
  ageMax: 150,
  avatarSizePx: 256,
  postImageMaxWidthPx: 1600,
  imageMaxPixels: 40_000_000,
  /** WebP's own bound on a side: an image stored taller or wider cannot be encoded. */
  imageMaxSidePx: 16_383,
  /** Every id column is PostgreSQL int4: a larger id is refused before it reaches a query. */
  idMax: 2_147_483_647,
  /** JSON auth bodies hold a few short fields; the cap bounds what is parsed before checks. */
  authBodyMaxBytes: 8_192,
} as const;

export const TIMINGS = {
  postCooldownMs: 15_000,
  likeFlashMs: 400,
  searchBlurDelayMs: 200,
  accountDeletedRedirectMs: 800,
  verifyRedirectMs: 1_500,
  resetRedirectMs: 1_500,
  newsCarouselMs: 10_000,
  drawRollMs: 10_000,
  drawTickMs: 110,
} as const;

export const SCROLL_TOP_THRESHOLD_PX = 300;

export const EMAIL_CODE = {
  length: 6,
  ttlMinutes: 10,
  maxAttempts: 5,
} as const;

export const SESSION = {
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlDays: 30,
  /** Two tabs may refresh with the same cookie at once; the loser is still served within this grace. */
  refreshReuseGraceSeconds: 10,
} as const;

/** Headers and paths the web client and the server must agree on. */
export const ACCESS_TOKEN_HEADER = 'access-token';
/**
 * A readable cookie (value `1`) the server sets and clears together with the httpOnly refresh
 * cookie: the page tries the start-up refresh only when it is there. It proves nothing.
 */
export const SESSION_MARKER_COOKIE = 'dp_session';
export const API_BASE = '/api';

/** SPEC §4 age status bands, in order; the first band whose upper bound holds wins. */
const AGE_BANDS: readonly [number, string][] = [
  [20, 'Happy child!'],
  [30, "You're young - everything is ahead!"],
  [41, 'Time to get serious!'],
  [50, 'You can be proud of yourself!'],
  [60, 'Time to travel!'],
  [71, "I don't live that long..."],
];

export function ageStatus(age: number | null | undefined): string {
  if (age === null || age === undefined || age <= 0) return 'Not born yet!';
  return AGE_BANDS.find(([upTo]) => age <= upTo)?.[1] ?? 'Beyond dimensions';
}

/**
 * Close codes of the live socket: 4401 means "sign in again" (the client refreshes and
 * reconnects, or stays out when the session ended); 1011 and 1001 are the standard "server
 * fault" and "going away", after which the client reconnects with backoff. 4408: no auth frame
 * came in time. 4409: the member opened more sockets than one member may hold, and this one,
 * their oldest, gave way; reconnecting at once would only push out another of their tabs.
 * 4429: too many sockets from the client's address, so the new one was refused. 4403: an admin
 * suspended the member; their sessions ended with it.
 */
export const WS_CLOSE = {
  unauthorized: 4401,
  badFrame: 4400,
  authTimeout: 4408,
  replaced: 4409,
  tooManySockets: 4429,
  suspended: 4403,
  serverFault: 1011,
  goingAway: 1001,
} as const;
