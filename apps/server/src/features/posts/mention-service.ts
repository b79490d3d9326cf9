import { mentionedNames } from '@devplay/shared';
import { and, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Step } from '../../db/notification-statement';
import {
  actAndNotify,
  type NotificationChange,
  type NotificationEvent,
} from '../../db/notifications';
import { mentions, users } from '../../db/schema/index';
import { reachable } from '../../db/visibility';

type Value = Placeholder | SQL;

/** Where the names stand, in the statement's terms: `commentId` null for a post's description. */
type MentionPlace = {
  authorId: Placeholder;
  postId: Placeholder;
  commentId: Value;
  /** The names, lower-cased, as a text[] literal. */
  names: Placeholder;
  /** Whether the item is there to record names of (a comment the same statement adds). */
  when?: SQL;
  /** Members recorded but not told (the post's author, told of the new comment itself). */
  quiet?: SQL;
};

/**
 * The steps that record and tell the members an item names: those of the names (looked up by
 * the unique index on lower(username)) who are not the author, not waiting for approval, and who
 * see the author (no block either way, not suspended: then they see the post too). `recorded`
 * keeps those the item had not named yet, so an edit that saves a name again tells nobody twice;
 * the notification steps then leave out whoever switched mentions off or mutes the author's
 * notifications. A comment's group is keyed by the comment, a description's by the post.
 */
export function mentionAct(place: MentionPlace): { action: Step[]; event: NotificationEvent } {
  const {
    authorId,
    postId,
    commentId,
    names,
    when = sql`true`,
    quiet = sql`select null::int`,
  } = place;
  return {
    action: [
      [
        'named',
        sql`select ${users.id} from ${users}
          where ${and(
            when,
            sql`lower(${users.username}) = any(${names}::text[])`,
            sql`${users.id} <> ${authorId}::int`,
            sql`not ${users.pendingApproval}`,
            reachable(authorId, users.id, users),
          )}`,
      ],
      [
        'recorded',
        sql`insert into ${mentions} (post_id, comment_id, user_id)
          select ${postId}::int, ${commentId}::int, id from named
          on conflict do nothing
          returning user_id`,
      ],
    ],
    event: {
      type: 'mention',
      actor: authorId,
      subjectKey: sql`coalesce(${commentId}::int, ${postId}::int)`,
      postId,
      commentId,
      recipients: sql`select user_id from recorded where user_id is distinct from (${quiet})`,
    },
  };
}

const mentionStatement = actAndNotify('mentions_record', () =>
  mentionAct({
    authorId: sql.placeholder('authorId'),
    postId: sql.placeholder('postId'),
    commentId: sql.placeholder('commentId'),
    names: sql.placeholder('names'),
  }),
);

/** The distinct names a text mentions as the statements take them, or null for none. */
export function namesParam(text: string): string | null {
  const names = mentionedNames(text);
  return names.length === 0 ? null : `{${names.join(',')}}`;
}

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
  const names = namesParam(item.text);
  if (!names) return [];
  const { text: _, ...values } = item;
  return (await mentionStatement(db, { ...values, names })).changes;
}
