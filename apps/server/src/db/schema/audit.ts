import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@devplay/shared';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every admin action, written in the same transaction as the action itself. Append-only
 * (a trigger in the migration refuses updates and deletes), except that an actor who deletes their
 * account leaves their entries behind: the id becomes null, the username they had stays.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username').notNull(),
    action: text({ enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }).notNull(),
    /** An id, a date (holidays) or `round/index` (matches): text, whatever the target is. */
    targetId: text('target_id'),
    summary: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The Audit tab pages newest first, all actions or one.
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_action_created_idx').on(t.action, t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
