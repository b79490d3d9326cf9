import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { follows, inboxes, posts } from './schema/index';

// Counts that a member's profile (users) or `Me` (use-cases/present-me.ts) shows alongside the
// feature that keeps them, so they live below both.

/** A member's posts and follows, by id or by the users row a statement reads. */
export const countColumns = (userId: Placeholder | SQL) => ({
  posts_count: sql<number>`(select count(*)::int from ${posts} where ${posts.authorId} = ${userId})`,
  followersCount: sql<number>`(select count(*)::int from ${follows} where ${follows.followingId} = ${userId})`,
  followingsCount: sql<number>`(select count(*)::int from ${follows} where ${follows.followerId} = ${userId})`,
});

/** The member's unread messages as their inbox keeps them: a primary-key read, however many. */
export const unreadMessagesSql = (userId: number | Placeholder) =>
  sql<number>`coalesce((select ${inboxes.unread} from ${inboxes} where ${inboxes.userId} = ${userId}), 0)`;
