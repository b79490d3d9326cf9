import { mentionedNames } from '@devplay/shared';
import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { actAndNotify, type NotificationChange } from '../../db/notifications';
import { mentions, users } from '../../db/schema/index';
import { reachable } from '../../db/visibility';

const param = {
  authorId: sql.placeholder('authorId'),
  postId: sql.placeholder('postId'),
  commentId: sql.placeholder('commentId'),
  names: sql.placeholder('names'),
};

/**
 * The members an item names, recorded and told in one statement: those of the names (looked up
 * by the unique index on lower(username)) who are not the author, not waiting for approval, and
 * who see the author (no block either way, not suspended: then they see the post too). `recorded`
 * keeps those the item had not named yet, so an edit that saves a name again tells nobody twice;
 * the notification steps then leave out whoever switched mentions off or mutes the author's
 * notifications. A comment's group is keyed by the comment, a post's description's by the post.
 */
const mentionStatement = actAndNotify('mentions_record', () => ({
  action: [
    [
      'named',
      sql`select ${users.id} from ${users}
        where ${and(
          sql`lower(${users.username}) = any(${param.names}::text[])`,
          sql`${users.id} <> ${param.authorId}::int`,
          sql`not ${users.pendingApproval}`,
          reachable(param.authorId, users.id, users),
        )}`,
    ],
    [
      'recorded',
      sql`insert into ${mentions} (post_id, comment_id, user_id)
        select ${param.postId}::int, ${param.commentId}::int, id from named
        on conflict do nothing
        returning user_id`,
    ],
  ],
  event: {
    type: 'mention',
    actor: param.authorId,
    subjectKey: sql`coalesce(${param.commentId}::int, ${param.postId}::int)`,
    postId: param.postId,
    commentId: param.commentId,
    recipients: sql`select user_id from recorded`,
  },
}));

/** An item's text and where it stands: a post's description (`commentId` null) or a comment. */
export type MentioningItem = {
  authorId: number;
  postId: number;
  commentId: number | null;
  text: string;
};

/**
 * Tells the members `text` names of it, in the caller's transaction; answers the changes to
 * announce once it commits. A text without a name costs no statement.
 */
export async function notifyMentions(db: Db, item: MentioningItem): Promise<NotificationChange[]> {
  const names = mentionedNames(item.text);
  if (names.length === 0) return [];
  const { text: _, ...values } = item;
  return (await mentionStatement(db, { ...values, names: `{${names.join(',')}}` })).changes;
}

/** Whether a text names anyone: the cheap test before a statement takes a transaction. */
export const mentionsAnyone = (text: string) => mentionedNames(text).length > 0;
