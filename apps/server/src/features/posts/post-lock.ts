import { sql, type Placeholder } from 'drizzle-orm';
import type { Step } from '../../db/notification-statement';
import { posts } from '../../db/schema/index';

/**
 * The step `locked_post`: the post's row, locked before anything else that a like, unlike or
 * comment statement touches, and empty when there is no such post. Their counter triggers update
 * the post and their notifications lock the author's group and count; without one order, a like
 * (group, then post) and an unlike (post, then group) deadlock, and PostgreSQL ends one of them
 * only after a second.
 */
export const lockedPost = (postId: Placeholder): Step => [
  'locked_post',
  sql`select ${posts.id} from ${posts} where ${posts.id} = ${postId}::int for no key update`,
];
