/**
 * Every page of the web app (SPEC §2 spells the addresses, underscores included). The web's
 * router draws its routes from these and the server answers 200 with the app for them, and 404
 * (still with the app, which shows its "not found" page) for every other page address.
 */
export const PAGE_PATHS = {
  welcome: '/',
  confirmEmail: '/confirm_email',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  home: '/home_page',
  profile: '/profile',
  myPosts: '/my_posts',
  followers: '/followers',
  following: '/following',
  messages: '/message',
  notifications: '/notifications',
  settings: '/settings',
  transactions: '/transactions',
  calendar: '/calendar',
  tournament: '/tournament',
  admin: '/admin',
} as const;

/** The router's patterns for the pages whose address carries a parameter (`:name`, one segment). */
export const PAGE_PATTERNS = {
  /** Another member's profile; /user/<me> itself redirects to /profile. */
  user: '/user/:username',
  chat: '/message/:userId',
  /** One post with its likes and comments; an unknown or deleted one shows "not found". */
  post: '/post/:id',
  /** Another member's subscribers and subscriptions (one's own are /followers and /following). */
  userFollowers: '/user/:username/followers',
  userFollowing: '/user/:username/following',
} as const;

/** The addresses of the pages whose address carries a parameter, filled in. */
export const PAGE_LINKS = {
  /** Another member's profile; /user/<me> itself redirects to /profile. */
  user: (username: string) => `/user/${encodeURIComponent(username)}`,
  userFollowers: (username: string) => `/user/${encodeURIComponent(username)}/followers`,
  userFollowing: (username: string) => `/user/${encodeURIComponent(username)}/following`,
  chat: (userId: number) => `/message/${userId}`,
  post: (postId: number) => `/post/${postId}`,
} as const;

/** Every page's address or pattern, by the page's name. */
export const PAGE_ROUTES = { ...PAGE_PATHS, ...PAGE_PATTERNS };
export type PageName = keyof typeof PAGE_ROUTES;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Matches as the client router does: case-insensitive, a trailing slash allowed. */
const PAGE_ROUTE_REGEXPS = Object.entries(PAGE_ROUTES).map(([name, pattern]) => {
  const segments = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)));
  const regexp = new RegExp(`^${segments.join('/').replace(/\/$/, '')}/?$`, 'i');
  return { name: name as PageName, regexp };
});

/** The page a URL path (query string allowed) opens, if it is one of the app's pages. */
export function pageNameOf(url: string): PageName | undefined {
  const [pathname = ''] = url.split(/[?#]/, 1);
  return PAGE_ROUTE_REGEXPS.find(({ regexp }) => regexp.test(pathname))?.name;
}
