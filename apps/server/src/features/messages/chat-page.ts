import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { memberSummaryOf } from '../../db/member-summary';
import { pageShapes } from '../../db/prepared';
import { messages, users } from '../../db/schema/index';
import { afterCursorParam, cursorTime, cursorValues, type Cursor } from '../../lib/cursor';
import { betweenPair, type StoredMessage, visibleTo } from './queries';

const peer = alias(users, 'peer');
const sender = alias(users, 'sender');
const receiver = alias(users, 'receiver');

const param = {
  me: sql.placeholder('me'),
  peerId: sql.placeholder('peerId'),
  rows: sql.placeholder('rows'),
};

/**
 * A chat page in one statement, prepared once per database for each of its two shapes (first page,
 * after a cursor): the peer's row joined to the page's messages, so that a missing peer comes back
 * as no row at all and a chat without messages as one row with no message. The page is a lateral
 * subquery that walks messages_pair_time_idx backwards and stops at its end, and only its rows
 * meet the users table. `unreadFromPeer` rides along (one probe of the unread index) so the
 * reader's mark-read UPDATE, whose statement trigger rewrites the inbox row, runs only when there
 * is something to mark.
 */
function prepareChat(db: Db, afterACursor: boolean) {
  const message = db
    .select()
    .from(messages)
    .where(
      and(
        betweenPair(param.me, param.peerId),
        visibleTo(param.me, param.peerId),
        afterCursorParam(afterACursor, messages.createdAt, messages.id, 'desc'),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(param.rows)
    .as('message');
  return db
    .select({
      peerId: peer.id,
      unreadFromPeer: sql<boolean>`exists (select 1 from ${messages} u where u.receiver_id = ${param.me}
        and u.sender_id = ${param.peerId} and u.read_at is null)`,
      id: message.id,
      senderId: message.senderId,
      receiverId: message.receiverId,
      text: message.text,
      createdAt: message.createdAt,
      readAt: message.readAt,
      cursorTime: cursorTime(message.createdAt),
      sender: memberSummaryOf(sender),
      receiver: memberSummaryOf(receiver),
    })
    .from(peer)
    .leftJoinLateral(message, sql`true`)
    .leftJoin(sender, eq(sender.id, message.senderId))
    .leftJoin(receiver, eq(receiver.id, message.receiverId))
    .where(eq(peer.id, param.peerId))
    .orderBy(desc(message.createdAt), desc(message.id))
    .prepare(afterACursor ? 'messages_chat_after_cursor' : 'messages_chat');
}

const chatStatement = pageShapes(prepareChat);

/**
 * `rows` messages of the chat, newest first, or null when the peer does not exist; `unread`
 * says whether the peer's messages to `me` hold any unread one (on this page or not).
 */
export async function chatPage(
  db: Db,
  me: number,
  peerId: number,
  cursor: Cursor | null,
  rows: number,
) {
  const found = await chatStatement(db, cursor).execute({
    me,
    peerId,
    rows,
    ...cursorValues(cursor),
  });
  const [first] = found;
  if (!first) return null;
  // A row with a message has all of its columns (they are not null in the table); the one row of a
  // chat without messages has none.
  const page = found.filter((row) => row.id !== null) as (StoredMessage & { cursorTime: string })[];
  return { page, unread: first.unreadFromPeer };
}
