import { PAGE_PATHS } from '@devplay/shared';

/**
 * Every page's address, drawn from the list the server also answers 200 for, so a link, the
 * route it opens and the server's status cannot drift apart. A leaf module: anything may import it.
 */
export const paths = {
  ...PAGE_PATHS,
  /** Another member's profile; /user/<me> itself redirects to /profile. */
  user: (username: string) => `/user/${encodeURIComponent(username)}`,
  userFollowers: (username: string) => `/user/${encodeURIComponent(username)}/followers`,
  userFollowing: (username: string) => `/user/${encodeURIComponent(username)}/following`,
  chat: (userId: number) => `/message/${userId}`,
  post: (postId: number) => `/post/${postId}`,
} as const;
