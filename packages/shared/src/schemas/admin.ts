import { z } from 'zod';
import { pageOf, pageQuerySchema } from './pagination';
import { textInput } from './primitives';
import { userSummarySchema } from './users';

/** The admin panel's texts (SPEC §2, §6; the audit log is beyond the spec, issue 12). */
export const ADMIN_MESSAGES = {
  userDeleted: 'User deleted',
  postDeleted: 'Post deleted',
  commentDeleted: 'Comment deleted',
  userNotFound: 'User not found',
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  cannotDeleteSelf:
    'You cannot delete your own account from the admin panel: use Settings to delete it.',
  cannotDeleteAdmin: 'Admins cannot be deleted from the admin panel.',
} as const;

/** What an admin may search the lists by: part of a name, an e-mail, a title or a text. */
export const ADMIN_SEARCH_MAX = 100;

const search = textInput().trim().max(ADMIN_SEARCH_MAX).optional();

/** GET /admin/users, /admin/posts, /admin/comments: `query` searches; `q` is the same. */
export const adminListQuerySchema = pageQuerySchema.extend({ query: search, q: search });
export type AdminListQuery = z.input<typeof adminListQuerySchema>;

/** A member as the admin panel lists them (issue 12: everything an admin needs). */
export const adminUserSchema = userSummarySchema.extend({
  email: z.string(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
  posts_count: z.number().int(),
  /** Euros. */
  balance: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);

export const adminPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  createdAt: z.string(),
  author: userSummarySchema,
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
});
export type AdminPost = z.infer<typeof adminPostSchema>;
export const adminPostPageSchema = pageOf(adminPostSchema);

export const adminCommentSchema = z.object({
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
 * Every admin action the audit log records, written in the same transaction as the action.
 * Stored as text, so the list only ever grows.
 */
export const AUDIT_ACTIONS = [
  'user.delete',
  'post.delete',
  'comment.delete',
  'map.create',
  'map.delete',
  'holiday.set',
  'holiday.remove',
  'participant.add',
  'participant.remove',
  'match.save',
  'match.delete',
  'bracket.reset',
  'match-maps.save',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the Audit tab names each action (its filter and its rows). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.delete': 'User deleted',
  'post.delete': 'Post deleted',
  'comment.delete': 'Comment deleted',
  'map.create': 'Map added',
  'map.delete': 'Map deleted',
  'holiday.set': 'Holiday set',
  'holiday.remove': 'Holiday removed',
  'participant.add': 'Participant added',
  'participant.remove': 'Participant removed',
  'match.save': 'Match saved',
  'match.delete': 'Match deleted',
  'bracket.reset': 'Bracket reset',
  'match-maps.save': 'Match maps saved',
};

export const AUDIT_TARGET_TYPES = [
  'user',
  'post',
  'comment',
  'map',
  'holiday',
  'participant',
  'match',
  'bracket',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * API.md `AuditEntry`. `actor` is null once the admin's own account is gone; `actorUsername`
 * keeps the name they had. `targetId` is text: an id, a date (holidays) or `round/index`.
 */
export const auditEntrySchema = z.object({
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
export type AuditQuery = z.input<typeof auditQuerySchema>;
