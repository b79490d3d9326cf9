/**
 * Every page's address (SPEC §2 spells them, underscores included), in one place so a link
 * and the route it opens cannot drift apart. A leaf module: anything may import it.
 */
export const paths = {
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
  settings: '/settings',
  transactions: '/transactions',
  calendar: '/calendar',
  tournament: '/tournament',
  admin: '/admin',
  /** Another member's profile; /user/<me> itself redirects to /profile. */
  user: (username: string) => `/user/${encodeURIComponent(username)}`,
  chat: (userId: number) => `/message/${userId}`,
} as const;

/** The router's patterns for the addresses that carry a parameter. */
export const routePatterns = {
  user: '/user/:username',
  chat: '/message/:userId',
} as const;
