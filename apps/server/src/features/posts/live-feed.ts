import type { FeedNewEvent, PostCounts } from '@devplay/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client';
import { perDatabase } from '../../db/per-database';
import { follows, posts } from '../../db/schema/index';
import { hiddenFrom } from '../../db/visibility';
import type { PublishedPost } from '../../plugins/events';
import { createLiveThrottle } from '../../plugins/live-throttle';

/** API.md: at most one `feed:new` a second per member; counts go out as often, no more. */
const LIVE_FEED_INTERVAL_MS = 1_000;
/** The one key of the counts' throttle: every member hears the same counts. */
const EVERYONE = 0;

const param = {
  authorId: sql.placeholder('authorId'),
  memberIds: sql.placeholder('memberIds'),
  postIds: sql.placeholder('postIds'),
};

/**
 * Of the members given, the author's followers (`following`) and those who do not see the
 * author's posts (`hidden`: a block either way, or a mute), in one statement.
 */
const audienceAmongStatement = perDatabase((db) =>
  db
    .select({ id: follows.followerId, hidden: sql<boolean>`false` })
    .from(follows)
    .where(
      and(
        eq(follows.followingId, param.authorId),
        sql`${follows.followerId} = any(${param.memberIds})`,
      ),
    )
    .unionAll(
      db
        .select({ id: sql<number>`h.id`, hidden: sql<boolean>`true` })
        .from(sql`(${hiddenFrom(param.authorId, sql`${param.memberIds}::int[]`)}) h`),
    )
    .prepare('posts_audience_among'),
);

const countsStatement = perDatabase((db) =>
  db
    .select({ id: posts.id, likesCount: posts.likesCount, commentsCount: posts.commentsCount })
    .from(posts)
    .where(sql`${posts.id} = any(${param.postIds})`)
    .prepare('posts_counts_of'),
);

type FeedNew = FeedNewEvent['data'];

/** The posts counted in one second, each with the members who moved its counts themselves. */
type Counted = Map<number, Set<number>>;

const mergeCounted = (older: Counted, newer: Counted): Counted => {
  const merged = new Map(older);
  for (const [postId, actors] of newer)
    merged.set(postId, new Set([...(merged.get(postId) ?? []), ...actors]));
  return merged;
};

/** Two posts of one second as one frame: the newest, in Following if either was. */
const mergeFeedNew = (older: FeedNew, newer: FeedNew): FeedNew => ({
  feed: older.feed === 'following' || newer.feed === 'following' ? 'following' : 'all',
  newest: Math.max(older.newest, newer.newest),
});

/**
 * The live side of the feed (API.md `feed:new`, and `post:counts` so the counts on screen catch
 * up). Each process hears one bus message per post or per like/comment and works out, for the
 * members connected to it alone: one query per post for the author's followers among them and
 * those the post is hidden from, who hear nothing of it (a cache of follower lists would have to
 * follow every subscribe on every process; this query reads the follows primary key once per
 * connected member, and the author's blocks and mutes), and at most one query a second for the
 * counts of the posts changed in it.
 */
const liveFeed: FastifyPluginAsync = async (app) => {
  const feedNew = createLiveThrottle<number, FeedNew>({
    intervalMs: LIVE_FEED_INTERVAL_MS,
    merge: mergeFeedNew,
    send: (userId, data) => app.live.sendHere([userId], { type: 'feed:new', data }),
  });
  const counts = createLiveThrottle<typeof EVERYONE, Counted>({
    intervalMs: LIVE_FEED_INTERVAL_MS,
    merge: mergeCounted,
    send: (_key, counted) => void sendCounts(app.db, counted),
  });

  async function announce({ postId, authorId }: PublishedPost) {
    const members = app.live.members().filter((id) => id !== authorId);
    if (members.length === 0) return;
    const rows = await audienceAmongStatement(app.db).execute({ authorId, memberIds: members });
    const followers = new Set(rows.filter((row) => !row.hidden).map((row) => row.id));
    const hidden = new Set(rows.filter((row) => row.hidden).map((row) => row.id));
    for (const userId of members) {
      if (hidden.has(userId)) continue;
      feedNew.push(userId, { feed: followers.has(userId) ? 'following' : 'all', newest: postId });
    }
  }

  /**
   * The counts of the posts changed in one second, to every member here but, for each post, the
   * members who moved it: their answer carries its counts, and a frame racing that answer would
   * show another state until it came. Those few members get the frame without their posts.
   */
  async function sendCounts(db: Db, counted: Counted) {
    const members = app.live.members();
    if (members.length === 0) return;
    try {
      const postIds = [...counted.keys()];
      const data: PostCounts[] = await countsStatement(db).execute({ postIds });
      const actors = new Set([...counted.values()].flatMap((ids) => [...ids]));
      const others = members.filter((id) => !actors.has(id));
      if (data.length > 0 && others.length > 0)
        app.live.sendHere(others, { type: 'post:counts', data });
      for (const actorId of actors) {
        const theirs = data.filter((post) => !counted.get(post.id)?.has(actorId));
        if (theirs.length > 0) app.live.sendHere([actorId], { type: 'post:counts', data: theirs });
      }
    } catch (err) {
      app.log.warn({ err }, 'live feed: counts not sent');
    }
  }

  const unsubscribe = app.events.subscribe((message) => {
    if (message.kind !== 'feed') return;
    if (message.published) {
      announce(message.published).catch((err: unknown) =>
        app.log.warn({ err }, 'live feed: post not announced'),
      );
    }
    if (message.counted !== undefined) {
      const actors = new Set(message.actorId === undefined ? [] : [message.actorId]);
      counts.push(EVERYONE, new Map([[message.counted, actors]]));
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    feedNew.stop();
    counts.stop();
  });
};
export default liveFeed;
