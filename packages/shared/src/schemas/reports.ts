import { z } from 'zod';
import { adminSearchSchema } from './admin';
import { pageQuerySchema } from './pagination';
import { idSchema, textInput } from './primitives';
import {
  REPORT_ACTIONS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  SAFETY_LIMITS,
} from './safety-texts';
import { REPORT_MESSAGES } from './reports-texts';
import { userSummarySchema } from './users';

/** POST /report. */
export const reportInputSchema = z.object({
  targetType: z.enum(REPORT_TARGETS),
  targetId: idSchema,
  reason: z.enum(REPORT_REASONS),
  text: textInput().trim().max(SAFETY_LIMITS.reportTextMax).optional(),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

/** API.md `Report`; `excerpt` is the target as it was when reported. */
export const reportSchema = z.object({
  id: z.number().int(),
  reporter: userSummarySchema.nullable(),
  target: z.object({
    type: z.enum(REPORT_TARGETS),
    id: z.number().int(),
    author: userSummarySchema.nullable(),
    excerpt: z.string(),
    /** The post to open for it now: the post itself, or the comment's post; null once gone. */
    postId: z.number().int().nullable().optional(),
  }),
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  status: z.enum(REPORT_STATUSES),
  action: z.enum(REPORT_ACTIONS).nullable(),
  note: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: userSummarySchema.nullable(),
  /** Open reports on the same target, this one included. */
  reportsCount: z.number().int(),
});
export type Report = z.infer<typeof reportSchema>;

/** GET /admin/reports. */
export const reportListQuerySchema = pageQuerySchema.extend({
  status: z.enum([...REPORT_STATUSES, 'all']).default('open'),
  /** Text in the excerpt, the reporter's note, the admin's note or either member's username. */
  q: adminSearchSchema,
});
export const reportPageSchema = z.object({
  items: z.array(reportSchema),
  nextCursor: z.string().nullable(),
  /** Open reports in all. */
  open: z.number().int(),
});

const moderationNote = textInput().trim().max(SAFETY_LIMITS.moderationNoteMax);
const suspendDays = z.number().int().min(1).max(SAFETY_LIMITS.suspendDaysMax);

/** POST /admin/reports/:id/resolve; `days` only with `suspend` (omitted: until lifted). */
export const resolveReportInputSchema = z
  .object({
    action: z.enum(['dismiss', ...REPORT_ACTIONS]),
    note: moderationNote.optional(),
    days: suspendDays.optional(),
  })
  .refine((input) => input.days === undefined || input.action === 'suspend', {
    error: REPORT_MESSAGES.daysOnlyToSuspend,
    path: ['days'],
  });
export type ResolveReportInput = z.infer<typeof resolveReportInputSchema>;

/** POST /admin/user/:id/suspend. */
export const suspendInputSchema = z.object({
  reason: moderationNote.min(1),
  days: suspendDays.optional(),
});
/** The suspension's end (ISO), or null until lifted. */
export const suspensionSchema = z.object({
  message: z.string(),
  until: z.string().nullable(),
});

/** The socket's `reports:open`: every admin hears the open count whenever it moves. */
export type ReportsOpenEvent = { type: 'reports:open'; data: { open: number } };
