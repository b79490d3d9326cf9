/**
 * The first part of each feature's query keys. A feature builds its keys on its root; what
 * reaches across features at once (a block changes feeds, follows, chats and notifications)
 * names the roots here instead of importing the features.
 */
export const QUERY_ROOTS = {
  posts: 'posts',
  follows: 'follows',
  messages: 'messages',
  notifications: 'notifications',
} as const;
