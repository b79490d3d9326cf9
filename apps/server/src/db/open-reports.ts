import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { reports } from './schema/index';

// The reports waiting for an admin: the Reports tab (features/reports) and an admin's `Me`
// (use-cases/present-me.ts) show the count, so it lives below both.

/** Open reports in all, counted on the partial index of open reports. */
const openReportsSql = sql<number>`(select count(*)::int from ${reports} where ${reports.status} = 'open')`;

export async function countOpenReports(db: Db): Promise<number> {
  const [row] = await db.select({ open: openReportsSql }).from(sql`(select 1) as one`);
  return row?.open ?? 0;
}
