import { sql, type Placeholder } from 'drizzle-orm';
import type { Step } from '../../db/notification-statement';
import { posts } from '../../db/schema/index';
import { shutOut } from '../../db/visibility';

/**
 * The step `locked_post`: the post's row, locked before anything else that a like, unlike or
 * comment statement touches, and empty when there is no such post. Their counter triggers update
 * the post and their notifications lock the author's group and count; without one order, a like
 * (group, then post) and an unlike (post, then group) deadlock, and PostgreSQL ends one of them
 * only after a second. The row is the one locked, as it stands once the statement's turn came:
 * its `likes_count` counts what the statements before it did, which a plain read of the post in
 * the same statement, seeing only what was committed when it began, would miss.
 *
 * With an `actor` (a like, a comment), `blocked` says whether the actor and the post's author
 * block one another, either way: then the statement adds nothing and answers so (API.md: 403).
 */
export const lockedPost = (postId: Placeholder, actor?: Placeholder): Step => [
  'locked_post',
  sql`select ${posts.id}, ${posts.likesCount}${actor ? sql`, ${shutOut(actor, posts.authorId)} as blocked` : sql``}
    from ${posts} where ${posts.id} = ${postId}::int
    for no key update`,
];
