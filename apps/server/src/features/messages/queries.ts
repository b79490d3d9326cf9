import type { Conversation, Message } from '@devplay/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { conversationHides, messages, users } from '../../db/schema/index';
import { cursorTime } from '../../lib/cursor';

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
      sender: {
        id: sender.id,
        username: sender.username,
        fullName: sender.fullName,
        avatar: sender.avatar,
      },
      receiver: {
        id: receiver.id,
        username: receiver.username,
        fullName: receiver.fullName,
        avatar: receiver.avatar,
      },
    })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(receiver, eq(receiver.id, messages.receiverId))
    .$dynamic();

type MessageRow = Awaited<ReturnType<typeof messagesQuery>>[number];

export const presentMessage = ({
  cursorTime: _,
  createdAt,
  readAt,
  ...row
}: MessageRow): Message => ({
  ...row,
  createdAt: createdAt.toISOString(),
  readAt: readAt?.toISOString() ?? null,
});

/** Both directions between two members. */
export const betweenPair = (a: number, b: number) =>
  or(
    and(eq(messages.senderId, a), eq(messages.receiverId, b)),
    and(eq(messages.senderId, b), eq(messages.receiverId, a)),
  );

/** Messages of the pair that `viewerId` has not hidden by deleting the conversation. */
export const visibleTo = (viewerId: number, peerId: number) =>
  sql`${messages.id} > coalesce((select ${conversationHides.hiddenUpTo} from ${conversationHides}
    where ${conversationHides.userId} = ${viewerId} and ${conversationHides.peerId} = ${peerId}), 0)`;

type ConversationRow = Omit<Conversation, 'unread'> & { unread: number | string };

/**
 * The conversation list in one statement (issue 4): each peer's newest visible message and the
 * count of unread ones, newest conversation first.
 */
export async function conversationsOf(db: Db, me: number): Promise<Conversation[]> {
  // Both drivers answer raw SQL with `{ rows }`; the shared Db type cannot say so.
  const result = (await db.execute(sql`
    with mine as (
      select m.id, m.text, m.created_at, m.receiver_id, m.read_at,
             case when m.sender_id = ${me} then m.receiver_id else m.sender_id end as peer_id
      from ${messages} m
      where m.sender_id = ${me} or m.receiver_id = ${me}
    ), visible as (
      select mine.* from mine
      left join ${conversationHides} h on h.user_id = ${me} and h.peer_id = mine.peer_id
      where h.hidden_up_to is null or mine.id > h.hidden_up_to
    ), latest as (
      select distinct on (peer_id) peer_id, id, text, created_at from visible order by peer_id, id desc
    )
    select u.id as "userId", u.username, u.full_name as "fullName", u.avatar,
           latest.text as "lastMessage",
           to_char(latest.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastMessageTime",
           (select count(*)::int from visible v
             where v.peer_id = latest.peer_id and v.receiver_id = ${me} and v.read_at is null) as unread
    from latest join ${users} u on u.id = latest.peer_id
    order by latest.id desc`)) as unknown as { rows: ConversationRow[] };
  return result.rows.map((row) => ({ ...row, unread: Number(row.unread) }));
}

export async function unreadCount(db: Db, me: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.receiverId, me), sql`${messages.readAt} is null`));
  return row?.count ?? 0;
}
