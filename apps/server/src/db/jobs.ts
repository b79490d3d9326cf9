import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { jobs, type JobRow } from './schema/index';

const due = and(
  isNull(jobs.failedAt),
  lte(jobs.runAt, sql`now()`),
  or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
);

export async function addJob(db: Db, kind: string, payload: unknown) {
  const [row] = await db.insert(jobs).values({ kind, payload }).returning({ id: jobs.id });
  return row!.id;
}

/**
 * Leases the job due first (or job `id`, if due) for `leaseMs` and counts the attempt; null when
 * none is due. Processes sharing the database skip each other's locked rows, so each job goes to
 * one of them.
 */
export async function claimJob(db: Db, leaseMs: number, id?: number): Promise<JobRow | null> {
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(due, id === undefined ? undefined : eq(jobs.id, id)))
    .orderBy(jobs.runAt, jobs.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      attempts: sql`${jobs.attempts} + 1`,
    })
    .where(inArray(jobs.id, next))
    .returning();
  return row ?? null;
}

export async function finishJob(db: Db, id: number) {
  await db.delete(jobs).where(eq(jobs.id, id));
}

/** A failed attempt: the job runs again in `retryInMs`, or, with null, is given up on. */
export async function failJob(db: Db, id: number, error: string, retryInMs: number | null) {
  await db
    .update(jobs)
    .set({
      lockedUntil: null,
      lastError: error.slice(0, 2000),
      ...(retryInMs === null
        ? { failedAt: sql`now()` }
        : { runAt: sql`now() + ${`${retryInMs} milliseconds`}::interval` }),
    })
    .where(eq(jobs.id, id));
}

/** When the next job that is not leased falls due (null: none waits). */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({
      at: sql<Date | null>`min(${jobs.runAt})`.mapWith((value) => (value ? new Date(value) : null)),
    })
    .from(jobs)
    .where(and(isNull(jobs.failedAt), isNull(jobs.lockedUntil)));
  return row?.at ?? null;
}
