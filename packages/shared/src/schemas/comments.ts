import { z } from 'zod';
import { COMMENT_MAX, COMMENT_MESSAGES } from './comments-texts';
import { pageOf } from './pagination';
import { idSchema, textInput } from './primitives';
import { userSummarySchema } from './users';

const commentText = textInput({ error: COMMENT_MESSAGES.empty })
  .trim()
  .min(1, COMMENT_MESSAGES.empty)
  .max(COMMENT_MAX, COMMENT_MESSAGES.tooLong);

export const createCommentInputSchema = z.object({ postId: idSchema, text: commentText });

export const updateCommentInputSchema = z.object({ text: commentText });

export const commentSchema = z.object({
  id: z.number().int(),
  postId: z.number().int(),
  userId: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  /** When its author last changed it; null until then. */
  editedAt: z.string().nullable(),
  author: userSummarySchema,
});
export type Comment = z.infer<typeof commentSchema>;

export const commentPageSchema = pageOf(commentSchema);
