import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Work that must outlive the request that asked for it (mail, exports): a process claims a job
 * by leasing it (`lockedUntil`), deletes it once done, and on a failure sets `runAt` later
 * (backoff) until `attempts` runs out; then `failedAt` keeps it for an operator to see. A lease
 * that runs out (the process stopped) makes the job claimable again, so none is lost.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    payload: jsonb().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.failedAt} is null`),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
