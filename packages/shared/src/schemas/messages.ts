import { z } from 'zod';
import { pageOf } from './pagination';
import { userSummarySchema } from './users';
import { MESSAGE_MAX, MESSAGE_MESSAGES } from './message-texts';

export { MESSAGE_MAX, MESSAGE_MESSAGES };

export const sendMessageInputSchema = z.object({
  receiverId: z.coerce.number().int().positive(),
  text: z
    .string({ error: MESSAGE_MESSAGES.blank })
    .trim()
    .min(1, MESSAGE_MESSAGES.blank)
    .max(MESSAGE_MAX, MESSAGE_MESSAGES.tooLong),
});
export type SendMessageInput = z.input<typeof sendMessageInputSchema>;

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

export const conversationSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
  lastMessage: z.string(),
  lastMessageTime: z.string(),
  unread: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const chatQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** Frames on GET /api/ws (API.md). The client speaks first: `auth`, optionally with the last id it saw. */
export const wsClientFrameSchema = z.object({
  type: z.literal('auth'),
  token: z.string().min(1),
  lastSeenId: z.number().int().nonnegative().optional(),
});
export type WsClientFrame = z.infer<typeof wsClientFrameSchema>;

export type LiveEvent =
  | { type: 'message:new'; data: Message }
  | { type: 'message:deleted'; data: { id: number; senderId: number; receiverId: number } }
  | { type: 'unread:count'; data: { count: number } }
  | { type: 'balance:changed'; data: { balance: number } };
