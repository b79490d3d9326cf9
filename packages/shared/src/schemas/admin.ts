import { z } from 'zod';
import {
  ADMIN_SEARCH_MAX,
  AUDIT_ACTIONS,
  AUDIT_TARGET_TYPES,
  MEMBER_STATUSES,
} from './admin-texts';
import { pageOf, pageQuerySchema } from './pagination';
import { textInput } from './primitives';
import { userSummarySchema } from './users';

/** What an admin types into a list's search box. */
export const adminSearchSchema = textInput().trim().max(ADMIN_SEARCH_MAX).optional();
const search = adminSearchSchema;

/** GET /admin/users, /admin/posts, /admin/comments: `query` searches; `q` is the same. */
export const adminListQuerySchema = pageQuerySchema.extend({ query: search, q: search });

/** A member as the admin panel lists them (everything an admin needs to judge them). */
const adminUserSchema = userSummarySchema.extend({
  email: z.string(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  posts_count: z.number().int(),
  /** Euros. */
  balance: z.number(),
  /** `suspended` while a suspension runs, else `pending` while waiting for approval. */
  status: z.enum(MEMBER_STATUSES),
  /** When a running suspension ends by itself; null when it lasts until lifted, or none runs. */
  suspendedUntil: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);

const adminPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  createdAt: z.string(),
  author: userSummarySchema,
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
});
export type AdminPost = z.infer<typeof adminPostSchema>;
export const adminPostPageSchema = pageOf(adminPostSchema);

const adminCommentSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  author: userSummarySchema,
  postId: z.number().int(),
  postTitle: z.string(),
});
export type AdminComment = z.infer<typeof adminCommentSchema>;
export const adminCommentPageSchema = pageOf(adminCommentSchema);

/**
 * API.md `AuditEntry`. `actor` is null once the admin's own account is gone; `actorUsername`
 * keeps the name they had. `targetId` is text: an id, a date (holidays) or `round/index`.
 */
const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: userSummarySchema.nullable(),
  actorUsername: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string().nullable(),
  summary: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);

export const auditQuerySchema = pageQuerySchema.extend({
  action: z.enum(AUDIT_ACTIONS, { error: 'Unknown audit action' }).optional(),
});

/** GET /admin/users: the lists' query, and `status` keeps the members in that state. */
export const adminUserListQuerySchema = adminListQuerySchema.extend({
  status: z.enum(MEMBER_STATUSES, { error: 'Unknown status' }).optional(),
});
