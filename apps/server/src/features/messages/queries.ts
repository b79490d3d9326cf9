import type { Conversation, Message, UserSummary } from '@devplay/shared';
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { memberSummaryJson, memberSummaryOf } from '../../db/member-summary';
import { columnPlaceholder, columnsOf, prepared } from '../../db/prepared';
import { conversationHides, inboxes, messages, users } from '../../db/schema/index';
import { cursorTime } from '../../lib/cursor';
import { refusalOf, type Refusal } from '../../db/visibility';

const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

/** A message with both people, in one statement. */
export const messagesQuery = (db: Db) =>
  db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      receiverId: messages.receiverId,
      text: messages.text,
      createdAt: messages.createdAt,
      readAt: messages.readAt,
      cursorTime: cursorTime(messages.createdAt),
      sender: memberSummaryOf(sender),
      receiver: memberSummaryOf(receiver),
    })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(receiver, eq(receiver.id, messages.receiverId))
    .$dynamic();

export type StoredMessage = Omit<Message, 'createdAt' | 'readAt'> & {
  createdAt: Date;
  readAt: Date | null;
};

/** Only the API's fields: rows may carry more (a cursor, an unread count). */
export const presentMessage = (row: StoredMessage): Message => ({
  id: row.id,
  senderId: row.senderId,
  receiverId: row.receiverId,
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
  sender: row.sender,
  receiver: row.receiver,
});

type SendValues = { senderId: number; receiverId: number; text: string };

/**
 * Sending in one round trip, for one message or several that arrived together: the inserts in the
 * order given, both people as the event shows them, and each receiver's unread count. The count is
 * the receiver's inbox as the statement's snapshot shows it, before the trigger adds this batch, so
 * the batch's own rows to the same receiver up to this one are added to it. Nor can it see a
 * message to the same member committed by a statement running at the same instant; the next count
 * announced (a message, a read) carries the right number again.
 *
 * A send the receiver does not take (`refusalOf`: a block either way, or their `messagesFrom`) is
 * not inserted; it comes back as a row of its pair with only its `refusal`.
 */
const sendQuery = (db: Db, sends: SQL) => {
  const input = db.$with('input', {}).as(
    sql`select i.*, ${refusalOf(sql`r.messages_from`, sql`i.receiver_id`, sql`i.sender_id`)} as refusal
        from ${sends} left join ${users} r on r.id = i.receiver_id`,
  );
  const sent = db.$with('sent', {}).as(
    sql`insert into ${messages} (sender_id, receiver_id, text)
        select sender_id, receiver_id, text from input where refusal is null order by n
        returning id, sender_id, receiver_id, text, created_at`,
  );
  const written = db.$with('written', {}).as(
    sql`select sent.id, sent.sender_id, sent.receiver_id, sent.text,
          to_char(sent.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
          ${memberSummaryJson('s')} as sender, ${memberSummaryJson('r')} as receiver,
          coalesce((select i.unread from ${inboxes} i where i.user_id = sent.receiver_id), 0)
            + count(*) over (partition by sent.receiver_id order by sent.id) as unread,
          null::text as refusal
        from sent join ${users} s on s.id = sent.sender_id join ${users} r on r.id = sent.receiver_id
        union all
        select null, sender_id, receiver_id, null, null, null, null, null, refusal
        from input where refusal is not null`,
  );
  return db
    .with(input, sent, written)
    .select({
      id: sql<number | null>`written.id`,
      senderId: sql<number>`written.sender_id`,
      receiverId: sql<number>`written.receiver_id`,
      text: sql<string>`written.text`,
      createdAt: sql<string>`written.created_at`,
      sender: sql<UserSummary>`written.sender`,
      receiver: sql<UserSummary>`written.receiver`,
      unread: sql<number | string>`written.unread`,
      refusal: sql<Refusal>`written.refusal`,
    })
    .from(sql`written`)
    .orderBy(sql`written.id`);
};

/**
 * A batch's sends, one row each in the order given. A lone send, the usual one, has a shape of its
 * own: its plan is made once, where an array's length is unknown to a generic plan, so the
 * batch's statement was planned afresh at every call.
 */
const sendBatch = prepared('messages_send', (db) =>
  sendQuery(
    db,
    sql`unnest(${columnPlaceholder('senderId', 'int')}, ${columnPlaceholder('receiverId', 'int')},
        ${columnPlaceholder('text', 'text')}) with ordinality as i(sender_id, receiver_id, text, n)`,
  ),
);
const sendOne = prepared('messages_send_one', (db) =>
  sendQuery(
    db,
    sql`(select ${sql.placeholder('senderId')}::int as sender_id,
        ${sql.placeholder('receiverId')}::int as receiver_id, ${sql.placeholder('text')}::text as text,
        1::bigint as n) i`,
  ),
);

/**
 * Stores the messages; each row as `presentMessage` takes it, with the receiver's unread count,
 * or with only the sender, the receiver and the refusal of a send not taken.
 */
export async function insertMessages(db: Db, batch: SendValues[]) {
  const rows = await (batch.length === 1
    ? sendOne(db, batch[0]!)
    : sendBatch(db, columnsOf(batch, ['senderId', 'receiverId', 'text'])));
  return rows.map(({ refusal, ...row }) =>
    refusal
      ? { refusal, senderId: row.senderId, receiverId: row.receiverId }
      : {
          ...row,
          id: row.id!,
          refusal: null,
          createdAt: new Date(row.createdAt),
          readAt: null,
          unread: Number(row.unread),
        },
  );
}

/**
 * Both directions between two members, as messages_pair_time_idx reads them: one range of the
 * unordered pair. Casts, because a placeholder alone gives least() no type.
 */
export const betweenPair = (a: number | Placeholder, b: number | Placeholder) =>
  sql`least(${messages.senderId}, ${messages.receiverId}) = least(${a}::int, ${b}::int)
    and greatest(${messages.senderId}, ${messages.receiverId}) = greatest(${a}::int, ${b}::int)`;

/** Messages of the pair that `viewerId` has not hidden by deleting the conversation. */
export const visibleTo = (viewerId: number | Placeholder, peerId: number | Placeholder) =>
  sql`${messages.id} > coalesce((select ${conversationHides.hiddenUpTo} from ${conversationHides}
    where ${conversationHides.userId} = ${viewerId} and ${conversationHides.peerId} = ${peerId}), 0)`;

const me = sql.placeholder('me');

/**
 * The conversation list in one statement, prepared once per database: each peer's newest visible
 * message and the count of unread ones, newest conversation first. Both come from one pass over
 * the member's messages: a count per peer in a subquery would read them all again for each peer.
 */
const conversationsStatement = prepared('messages_conversations', (db) => {
  const mine = db.$with('mine', {}).as(
    sql`select m.id, m.text, m.created_at, m.receiver_id, m.read_at,
               case when m.sender_id = ${me} then m.receiver_id else m.sender_id end as peer_id
        from ${messages} m
        where m.sender_id = ${me} or m.receiver_id = ${me}`,
  );
  const visible = db.$with('visible', {}).as(
    sql`select mine.* from mine
        left join ${conversationHides} h on h.user_id = ${me} and h.peer_id = mine.peer_id
        where h.hidden_up_to is null or mine.id > h.hidden_up_to`,
  );
  const latest = db.$with('latest', {}).as(
    sql`select distinct on (peer_id) peer_id, id, text, created_at,
          count(*) filter (where receiver_id = ${me} and read_at is null)
            over (partition by peer_id) as unread
        from visible order by peer_id, id desc`,
  );
  return db
    .with(mine, visible, latest)
    .select({
      userId: sql<number>`u.id`,
      username: sql<string>`u.username`,
      fullName: sql<string>`u.full_name`,
      avatar: sql<string | null>`u.avatar`,
      lastMessage: sql<string>`latest.text`,
      lastMessageTime: sql<string>`to_char(latest.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      unread: sql<number | string>`latest.unread`,
    })
    .from(sql`latest join ${users} u on u.id = latest.peer_id`)
    .orderBy(sql`latest.id desc`);
});

export async function conversationsOf(db: Db, userId: number): Promise<Conversation[]> {
  const rows = await conversationsStatement(db, { me: userId });
  return rows.map((row) => ({ ...row, unread: Number(row.unread) }));
}

export async function unreadCount(db: Db, me: number) {
  const [row] = await db
    .select({ unread: inboxes.unread })
    .from(inboxes)
    .where(eq(inboxes.userId, me));
  return row?.unread ?? 0;
}
