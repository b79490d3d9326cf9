import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What members flagged. The excerpt is the target as it was when reported, so the report outlives
 * an edit or a removal; a reported message carries its text, the only way an admin reads one.
 */
export const reports = pgTable(
  'reports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: integer('target_id').notNull(),
    /** The member the target belongs to (the reported member, for a `user` report). */
    targetAuthorId: integer('target_author_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    excerpt: text().notNull(),
    reason: text({ enum: REPORT_REASONS }).notNull(),
    text: text().notNull().default(''),
    status: text({ enum: REPORT_STATUSES }).notNull().default('open'),
    action: text({ enum: REPORT_ACTIONS }),
    note: text().notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One open report per reporter and target: reporting again answers the open one.
    uniqueIndex('reports_open_per_reporter_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    // Resolving a report resolves every open report on its target.
    index('reports_open_target_idx')
      .on(t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt, t.id),
    index('reports_created_idx').on(t.createdAt, t.id),
    check(
      'reports_known_values',
      sql`${t.targetType} in ('post', 'comment', 'user', 'message')
        and ${t.reason} in ('spam', 'harassment', 'hate', 'violence', 'scam', 'other')
        and ${t.status} in ('open', 'resolved', 'dismissed')
        and (${t.action} is null or ${t.action} in ('remove', 'warn', 'suspend'))`,
    ),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
