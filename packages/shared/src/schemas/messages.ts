import { z } from 'zod';
import { pageOf, pageQueryWithDefault } from './pagination';
import { idSchema, textInput, urlIdSchema } from './primitives';
import { userSummarySchema } from './users';
import { MESSAGE_MAX, MESSAGE_MESSAGES } from './message-texts';
import type { FeedNewEvent, PostCountsEvent } from './posts';
import { notificationsSinceSchema, type NotificationEvent } from './notifications';
import type { TournamentChangedEvent } from './tournament';
import type { ReportsOpenEvent } from './reports';

export const sendMessageInputSchema = z.object({
  receiverId: idSchema,
  text: textInput({ error: MESSAGE_MESSAGES.blank })
    .trim()
    .min(1, MESSAGE_MESSAGES.blank)
    .max(MESSAGE_MAX, MESSAGE_MESSAGES.tooLong),
});

export const messageSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  receiverId: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  sender: userSummarySchema,
  receiver: userSummarySchema,
});
export type Message = z.infer<typeof messageSchema>;

/** Newest first; `nextCursor` leads to older messages. */
export const messagePageSchema = pageOf(messageSchema);

const conversationSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  lastMessage: z.string(),
  lastMessageTime: z.string(),
  unread: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationListSchema = z.array(conversationSchema);

export const chatParamSchema = z.object({ id: urlIdSchema.describe("The other member's id.") });

export const chatQuerySchema = pageQueryWithDefault(30);

/**
 * Frames on GET /api/ws (API.md). The client speaks first: `auth`, optionally with the last id it
 * saw and the newest notification time it holds. Ids are int4 in the database, so a larger one is refused here, not by a failing query; a
 * token is a JWT (base64url parts and dots), its length checked before its pattern.
 */
export const wsClientFrameSchema = z.object({
  type: z.literal('auth'),
  token: z
    .string()
    .min(1)
    .max(4096)
    .regex(/^[\w.-]+$/),
  lastSeenId: z.number().int().min(0).max(2_147_483_647).optional(),
  notificationsSince: notificationsSinceSchema.optional(),
});
export type WsClientFrame = z.infer<typeof wsClientFrameSchema>;

/**
 * The server could not send everything this socket missed: the notifications replay was capped
 * (`replay-capped`), or the processes lost touch and events may have gone undelivered
 * (`events-missed`). The client reads again what it shows, as when a socket opens.
 */
type ResyncEvent = {
  type: 'resync';
  data: { reason: 'replay-capped' | 'events-missed' };
};

export type LiveEvent =
  | { type: 'message:new'; data: Message }
  | { type: 'message:deleted'; data: { id: number; senderId: number; receiverId: number } }
  /** To the sender: `readerId` has read their messages up to `upToId`. */
  | { type: 'messages:read'; data: { readerId: number; upToId: number; readAt: string } }
  | { type: 'unread:count'; data: { count: number } }
  | { type: 'balance:changed'; data: { balance: number } }
  /** To a member whose subscribers changed: how many they have now. */
  | { type: 'followers:count'; data: { count: number } }
  | TournamentChangedEvent
  | FeedNewEvent
  | PostCountsEvent
  | NotificationEvent
  | ResyncEvent
  | ReportsOpenEvent;
