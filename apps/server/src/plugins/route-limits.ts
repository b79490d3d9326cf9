/** How many requests one client may make in a window, in milliseconds. */
export type Limit = { max: number; timeWindow: number };
/**
 * A route's limits: per client address always, and per signed-in member where a member can act.
 * Both count: many accounts behind one address and one account behind many addresses each stop.
 */
export type RouteLimit = { perAddress: Limit; perMember?: Limit };

const MINUTE = 60_000;
const QUARTER_HOUR = 15 * MINUTE;
const perMinute = (max: number): Limit => ({ max, timeWindow: MINUTE });
const perQuarterHour = (max: number): Limit => ({ max, timeWindow: QUARTER_HOUR });
const perHour = (max: number): Limit => ({ max, timeWindow: 60 * MINUTE });

/** Anything a member reads: five a second is far more than a person scrolling, far less than a script. */
const READ: RouteLimit = { perAddress: perMinute(1200), perMember: perMinute(300) };
/** Likes and follows: a person clicks quickly, but not hundreds of times a minute. */
const SOCIAL: RouteLimit = { perAddress: perMinute(600), perMember: perMinute(120) };
/** Edits, deletions and an admin's work: one a second on average. */
const EDIT: RouteLimit = { perAddress: perMinute(300), perMember: perMinute(60) };
/**
 * Blocks and mutes, and taking them back: each moves the feed's version, so every kept feed page
 * on every process is read again (a block also rewrites follows and notifications), hence far
 * fewer than likes; 30 a minute still lets a member clear out a wave of unwanted attention by hand.
 */
const SAFETY: RouteLimit = { perAddress: perMinute(120), perMember: perMinute(30) };
/** Calls a third party (weather, news): its answers are cached, a loop still costs. */
const WIDGET: RouteLimit = { perAddress: perMinute(300), perMember: perMinute(60) };
/**
 * Routes used signed out, counted per address; the per-account limits (account-limits.ts) come on
 * top of the sign-in and code forms'.
 */
const addressOnly = (limit: Limit): RouteLimit => ({ perAddress: limit });
const both = (limit: Limit, perAddress = limit): RouteLimit => ({ perAddress, perMember: limit });

/**
 * Every API route's limits, by `METHOD path` under /api; HEAD shares its GET's counters. A route
 * missing here fails the test that walks the routes, so none can be added unlimited. The table
 * in docs/limits.md is rendered from this one (route-limits.test.ts compares them).
 */
export const ROUTE_LIMITS: Record<string, RouteLimit> = {
  'GET /health': addressOnly(perMinute(1200)),
  /** Every attempt, refused or not: bounds probing which e-mails are taken. */
  'POST /signup': addressOnly(perQuarterHour(20)),
  'POST /verify': addressOnly(perQuarterHour(10)),
  'POST /resend-code': addressOnly(perQuarterHour(3)),
  'POST /signin': addressOnly(perMinute(10)),
  /** A ticket takes 5 tries and a member 10 a quarter hour (account-limits.ts) on top. */
  'POST /signin/2fa': addressOnly(perMinute(10)),
  'POST /signin/passkey/options': addressOnly(perMinute(30)),
  'POST /signin/passkey': addressOnly(perMinute(10)),
  'POST /refresh': addressOnly(perMinute(60)),
  'POST /logout': addressOnly(perMinute(60)),
  'POST /forgot-password': addressOnly(perQuarterHour(5)),
  'POST /reset-password': addressOnly(perQuarterHour(10)),
  /** The welcome page asks once a visit whether to offer the sign-up form. */
  'GET /signup-mode': addressOnly(perMinute(300)),
  /** Opening the live socket; a member's sockets are capped once they authenticate. */
  'GET /ws': addressOnly(perMinute(60)),

  'GET /me': READ,
  'PUT /me': both(perMinute(20), perMinute(60)),
  /** Its first success ends the member, so only the address can be counted. */
  'DELETE /me': addressOnly(perQuarterHour(20)),
  'GET /users': READ,
  'GET /user/:username': READ,
  'GET /user-likes': READ,
  'GET /followers/:username': READ,
  'GET /followings/:username': READ,
  'POST /follow': SOCIAL,
  'POST /unfollow': SOCIAL,

  'GET /posts': READ,
  'POST /post': both(perMinute(10)),
  'GET /post/:id': READ,
  'DELETE /post/:id': EDIT,
  'POST /upload-image': both(perMinute(20)),
  'GET /likes/:postId': READ,
  'POST /like': SOCIAL,
  'DELETE /like/:postId': SOCIAL,
  'GET /comments/:postId': READ,
  'GET /comments-count/:postId': READ,
  'POST /comment': both(perMinute(30)),
  'DELETE /comment/:id': EDIT,
  'PATCH /post/:id': EDIT,
  'PATCH /comment/:id': EDIT,

  'GET /messages/unread-count': READ,
  'GET /messages/conversations': READ,
  'DELETE /messages/conversations/:userId': EDIT,
  'GET /messages/:id': READ,
  'POST /messages': both(perMinute(60)),
  'DELETE /messages/:id': EDIT,

  'GET /notifications': READ,
  'POST /notifications/read': SOCIAL,
  'GET /notifications/settings': READ,
  'PUT /notifications/settings': EDIT,

  'GET /transactions': READ,
  'POST /transaction': both(perMinute(30)),

  'GET /calendar': READ,
  'POST /calendar': EDIT,
  'DELETE /calendar/:date': EDIT,
  'POST /calendar/holiday': EDIT,
  'DELETE /calendar/holiday/:date': EDIT,
  'POST /calendar/ics-token': both(perQuarterHour(5), perQuarterHour(20)),
  /**
   * Calendar apps poll each member's feed from their provider's few addresses, so the address
   * limit is wide; the answer is cached and a 304 is cheap.
   */
  'GET /calendar.ics': addressOnly(perMinute(600)),

  'GET /maps': READ,
  'POST /maps': EDIT,
  'DELETE /maps/:id': EDIT,
  'GET /match-maps': READ,
  'POST /match-maps': EDIT,
  'GET /tournament-users': READ,
  'POST /tournament-users': EDIT,
  'DELETE /tournament-users/:id': EDIT,
  'GET /tournament-matches': READ,
  'DELETE /tournament-matches': EDIT,
  'POST /tournament-match': EDIT,
  'DELETE /tournament-match/:round/:index': EDIT,

  'GET /admin/users': READ,
  'DELETE /admin/user/:id': EDIT,
  'GET /admin/posts': READ,
  'DELETE /admin/post/:id': EDIT,
  'GET /admin/comments': READ,
  'DELETE /admin/comment/:id': EDIT,
  'GET /admin/audit': READ,
  'GET /admin/settings': READ,
  'PUT /admin/settings': EDIT,
  'POST /admin/user/:id/approve': EDIT,
  'POST /admin/user/:id/reject': EDIT,
  /**
   * A member rarely has more to report in an hour; a flood of reports would bury the admins'
   * queue, and each open one is answered again rather than duplicated anyway.
   */
  'POST /report': both(perHour(10), perHour(30)),
  'GET /admin/reports': READ,
  'POST /admin/reports/:id/resolve': EDIT,
  'POST /admin/user/:id/suspend': EDIT,
  'POST /admin/user/:id/unsuspend': EDIT,

  'GET /weather': WIDGET,
  'GET /news': WIDGET,

  'POST /block': SAFETY,
  'POST /unblock': SAFETY,
  'POST /mute': SAFETY,
  'POST /unmute': SAFETY,
  'GET /blocks': READ,
  'GET /mutes': READ,
  /** Like a profile's edit: it makes every process forget what it kept of the member. */
  'PUT /me/privacy': both(perMinute(20), perMinute(60)),
  /** Each makes a secret or hashes ten codes; a member sets up a factor a few times a year. */
  'POST /me/2fa/totp/setup': both(perQuarterHour(10), perQuarterHour(30)),
  'POST /me/2fa/totp/enable': both(perQuarterHour(10), perQuarterHour(30)),
  'DELETE /me/2fa/totp': both(perQuarterHour(10), perQuarterHour(30)),
  'POST /me/recovery-codes': both(perQuarterHour(10), perQuarterHour(30)),
  'GET /me/sessions': READ,
  'DELETE /me/sessions/:sessionId': EDIT,
  'DELETE /me/sessions': EDIT,
  /** A member adds or removes a passkey a few times a year; each answer is a challenge row. */
  'POST /passkeys/register/options': both(perQuarterHour(10), perQuarterHour(30)),
  'POST /passkeys/register': both(perQuarterHour(10), perQuarterHour(30)),
  'GET /passkeys': READ,
  'PATCH /passkeys/:passkeyId': EDIT,
  'DELETE /passkeys/:passkeyId': both(perQuarterHour(10), perQuarterHour(30)),
  /** The archive is made once a day at most; asking and downloading stay cheap. */
  'POST /me/export': both(perQuarterHour(10), perQuarterHour(30)),
  'GET /me/export': READ,
  'GET /me/export/download': both(perQuarterHour(20), perQuarterHour(60)),
  /** Read once a page load by the settings screen and the service worker. */
  'GET /push/key': addressOnly(perMinute(120)),
  /** A device subscribes when push is switched on or its subscription changes: rare. */
  'POST /push/subscriptions': both(perQuarterHour(20), perQuarterHour(60)),
  'DELETE /push/subscriptions': both(perQuarterHour(20), perQuarterHour(60)),
};
