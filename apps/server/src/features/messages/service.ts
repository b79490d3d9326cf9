import { canDeleteMessage, ERROR_CODES, MESSAGE_MESSAGES, SAFETY_MESSAGES } from '@devplay/shared';
import { and, eq, isNull, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { unreadMessagesSql } from '../../db/member-counts';
import { prepared } from '../../db/prepared';
import { conversationHides, messages, users } from '../../db/schema/index';
import { decodeCursor, toPage } from '../../lib/cursor';
import { missingReferenceAs } from '../../lib/db-errors';
import { badRequest, blockedPair, forbidden, notFound } from '../../lib/errors';
import type { EventBus } from '../../plugins/events';
import { chatPage } from './chat-page';
import { betweenPair, messagesQuery, presentMessage, unreadCount } from './queries';
import { queueMessage } from './send-queue';

async function requireUser(db: Db, userId: number) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(MESSAGE_MESSAGES.userNotFound);
}

/** A member's unread count as their screens show it. Events leave only after the write committed. */
const announceUnread = (bus: EventBus, userId: number, count: number) =>
  bus.publish([userId], { type: 'unread:count', data: { count } });

const unknownReceiver = missingReferenceAs(() => notFound(MESSAGE_MESSAGES.userNotFound));

export async function sendMessage(
  db: Db,
  bus: EventBus,
  senderId: number,
  receiverId: number,
  text: string,
) {
  if (receiverId === senderId) throw badRequest(MESSAGE_MESSAGES.toSelf, undefined, 'receiverId');
  // One statement (shared with the sends that arrive with it), committed on its own: both events
  // may leave as soon as it answers.
  const row = await queueMessage(db, { senderId, receiverId, text }).catch(unknownReceiver);
  if (row.refusal)
    throw row.refusal === 'blocked'
      ? blockedPair()
      : forbidden(SAFETY_MESSAGES.messagesClosed, ERROR_CODES.messagesClosed);
  const message = presentMessage(row);
  // In this order, so a second process hears the message before the count.
  void bus.publish([senderId, receiverId], { type: 'message:new', data: message });
  void announceUnread(bus, receiverId, row.unread);
  return message;
}

const param = { me: sql.placeholder('me'), peerId: sql.placeholder('peerId') };

/**
 * Marks the peer's messages to `me` read, and answers how many it marked and `me`'s unread count
 * after it, in one statement: the count is the inbox row as the statement sees it, from before its
 * own trigger takes the marked ones off, less the marked ones. A message to `me` committed by a
 * statement running at the same instant is not in it; that message's own count follows it.
 */
const markReadStatement = prepared('messages_mark_read', (db) => {
  const marked = db.$with('marked').as(
    db
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(messages.senderId, param.peerId),
          eq(messages.receiverId, param.me),
          isNull(messages.readAt),
        ),
      )
      .returning({ id: messages.id }),
  );
  return db
    .with(marked)
    .select({
      marked: sql<number>`count(*)::int`,
      unread: sql<number>`(${unreadMessagesSql(param.me)} - count(*))::int`,
      upToId: sql<number | null>`max(${marked.id})`,
      // The statement's now(), which the update wrote.
      readAt: sql`now()`.mapWith(messages.readAt),
    })
    .from(marked);
});

async function markRead(db: Db, me: number, peerId: number) {
  const [counts] = await markReadStatement(db, { me, peerId });
  return counts!;
}

/** The peer's open chat shows "Seen" under what `me` has just read. */
function announceRead(
  bus: EventBus,
  me: number,
  peerId: number,
  { upToId, readAt }: Awaited<ReturnType<typeof markRead>>,
) {
  if (upToId === null) return;
  void bus.publish([peerId], {
    type: 'messages:read',
    data: { readerId: me, upToId, readAt: readAt.toISOString() },
  });
}

/**
 * A page of the chat, newest first; reading it marks the peer's messages read. With nothing unread,
 * as most reads find it, that is one statement: the page's, which also tells whether to mark.
 */
export async function readChat(
  db: Db,
  bus: EventBus,
  me: number,
  peerId: number,
  page: { cursor?: string; limit: number },
) {
  const chat = await chatPage(db, me, peerId, decodeCursor(page.cursor), page.limit + 1);
  if (!chat) throw notFound(MESSAGE_MESSAGES.userNotFound);
  if (chat.unread) {
    const counts = await markRead(db, me, peerId);
    if (counts.marked > 0) {
      announceRead(bus, me, peerId, counts);
      await announceUnread(bus, me, counts.unread);
    }
  }
  return toPage(chat.page, page.limit, (row) => row.id, presentMessage);
}

/** Messages of `me` newer than `lastSeenId`, oldest first: what a reconnecting client missed. */
export async function messagesSince(db: Db, me: number, lastSeenId: number, limit = 500) {
  const rows = await messagesQuery(db)
    .where(
      and(
        or(eq(messages.senderId, me), eq(messages.receiverId, me)),
        sql`${messages.id} > ${lastSeenId}`,
      ),
    )
    .orderBy(messages.id)
    .limit(limit);
  return rows.map(presentMessage);
}

export async function deleteMessage(db: Db, bus: EventBus, me: number, id: number) {
  const [message] = await db.select().from(messages).where(eq(messages.id, id));
  // Someone outside the conversation learns nothing, not even that the message exists.
  if (!message || (message.senderId !== me && message.receiverId !== me))
    throw notFound(MESSAGE_MESSAGES.notFound);
  if (!canDeleteMessage({ id: me }, message))
    throw forbidden(MESSAGE_MESSAGES.notSender, ERROR_CODES.forbidden);
  await db.delete(messages).where(eq(messages.id, id));
  const { senderId, receiverId } = message;
  await bus.publish([senderId, receiverId], {
    type: 'message:deleted',
    data: { id, senderId, receiverId },
  });
  if (!message.readAt) await announceUnread(bus, receiverId, await unreadCount(db, receiverId));
}

/** Hides the conversation for `me` only, up to its newest message; it returns with the next one. */
export async function hideConversation(db: Db, bus: EventBus, me: number, peerId: number) {
  await requireUser(db, peerId);
  // The marking reads the count it leaves; a conversation with no message marks nothing.
  const counts = await db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ id: max(messages.id) })
      .from(messages)
      .where(betweenPair(me, peerId));
    if (!latest?.id) return undefined;
    await tx
      .insert(conversationHides)
      .values({ userId: me, peerId, hiddenUpTo: latest.id })
      .onConflictDoUpdate({
        target: [conversationHides.userId, conversationHides.peerId],
        set: { hiddenUpTo: latest.id },
      });
    return markRead(tx, me, peerId);
  });
  if (counts) announceRead(bus, me, peerId, counts);
  await announceUnread(bus, me, counts?.unread ?? (await unreadCount(db, me)));
}
