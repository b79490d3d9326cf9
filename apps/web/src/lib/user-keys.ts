/**
 * Query keys of member data that two features write: users reads profiles and suggestions,
 * follows changes them (isFollowing, counts) after a subscribe, so the keys live below both.
 */
export const userKeys = {
  all: ['users'] as const,
  profiles: () => [...userKeys.all, 'profile'] as const,
  // Usernames are case-insensitive on the server, so /user/Ada and /user/ada share one entry.
  profile: (username: string) => [...userKeys.profiles(), username.toLowerCase()] as const,
  search: (query: string) => [...userKeys.all, 'search', query.toLowerCase()] as const,
  suggested: () => [...userKeys.all, 'suggested'] as const,
};
