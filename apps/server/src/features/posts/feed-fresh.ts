import { sql } from 'drizzle-orm';
import { batchedByTurn } from '../../db/batched';
import { writeCountOf, type Db } from '../../db/client';
import { feedVersionNow } from '../../db/feed-version';
import { columnPlaceholder, columnsOf, prepared } from '../../db/prepared';
import { posts } from '../../db/schema/index';
import { hasRelations } from '../../db/visibility';
import { keptUntilWrite } from '../../db/writes';
import type { CardCounts, FeedSource, FreshState } from './feed-cache';
import { likedBy, listPosts } from './post-queries';

type FreshAsked = { viewerId: number; postIds: number[] };

/**
 * The feed's version and, for each check of a batch (a viewer and the posts of their kept page),
 * what moves without it: one row per post that still exists, and one without a post for a check
 * of none, so every check has the version. The first row of each check (`first`) also says
 * whether its viewer blocks, is blocked by or mutes anyone, once per check.
 */
const freshStatement = prepared('feed_fresh', (db) =>
  db
    .select({
      version: sql<number>`v.version`,
      check: sql<number>`i.check_no`,
      related: sql<boolean | null>`case when i.first then ${hasRelations(sql`i.viewer_id`)} end`,
      id: posts.id,
      likesCount: posts.likesCount,
      commentsCount: posts.commentsCount,
      likedByMe: likedBy(sql`i.viewer_id`),
    })
    .from(
      sql`(select ${feedVersionNow} as version) v
        cross join unnest(${columnPlaceholder('check', 'int')}, ${columnPlaceholder('viewerId', 'int')},
                          ${columnPlaceholder('postId', 'int')}, ${columnPlaceholder('first', 'bool')})
                   as i(check_no, viewer_id, post_id, first)`,
    )
    .leftJoin(posts, sql`${posts.id} = i.post_id`),
);

/**
 * First pages are most of what members ask for, and each asks whether its kept page still holds:
 * the checks that arrive together go as one statement (db/batched.ts), which reads the version
 * once and each viewer's counts. Each check's statement still starts after its request came in,
 * so a member's own write before it shows.
 */
const freshChecks = batchedByTurn(
  async (db: Db, asked: FreshAsked[]): Promise<FreshState[]> => {
    const pairs = asked.flatMap(({ viewerId, postIds }, check) =>
      (postIds.length > 0 ? postIds : [null]).map((postId, at) => ({
        check,
        viewerId,
        postId,
        first: at === 0,
      })),
    );
    const rows = await freshStatement(
      db,
      columnsOf(pairs, ['check', 'viewerId', 'postId', 'first']),
    );
    const states = asked.map(() => ({
      version: rows[0]!.version,
      related: false,
      counts: new Map<number, CardCounts>(),
    }));
    for (const { check, related, id, likesCount, commentsCount, likedByMe } of rows) {
      if (related) states[check]!.related = true;
      if (id !== null)
        states[check]!.counts.set(id, {
          likesCount: likesCount!,
          commentsCount: commentsCount!,
          likedByMe,
        });
    }
    return states;
  },
  { maxBatch: 50 },
);

/** Checks kept on PGlite: about one for each member reading a first page lately. */
const KEPT_CHECKS = 2_000;

/** What the feed cache reads (feed-cache.ts). */
export function feedSource(db: Db): FeedSource {
  const writes = writeCountOf(db);
  const check: FeedSource['fresh'] = (viewerId, postIds) => freshChecks(db, { viewerId, postIds });
  return {
    newest: (viewerId, limit) => listPosts(db, viewerId, { feed: 'all', limit }),
    following: (viewerId, limit) => listPosts(db, viewerId, { feed: 'following', limit }),
    // On PGlite every write passes through this process and is counted: a check asked since the
    // last one began or ended answers the same again. A member's own write ends before their next
    // request asks, so it still shows at once.
    keepsChecks: writes !== undefined,
    fresh: writes
      ? keptUntilWrite(
          writes,
          KEPT_CHECKS,
          (viewerId, postIds) => `${viewerId}:${postIds.join(',')}`,
          check,
        )
      : check,
  };
}
