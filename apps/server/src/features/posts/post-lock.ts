import { sql } from 'drizzle-orm';
import { posts } from '../../db/schema/index';

/**
 * The common table expression `locked_post`: the post's row, locked before anything else that a
 * like, unlike or comment statement touches, and empty when there is no such post. Their counter
 * triggers update the post and their notifications lock the author's group and count; without one
 * order, a like (group, then post) and an unlike (post, then group) deadlock, and PostgreSQL ends
 * one of them only after a second.
 */
export const lockedPost = (postId: number) =>
  sql`locked_post as (
    select ${posts.id} from ${posts} where ${posts.id} = ${postId}::int for no key update)`;
