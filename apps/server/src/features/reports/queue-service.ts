import type { reportListQuerySchema } from '@devplay/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { countOpenReports } from '../../db/open-reports';
import { decodeCursor, toPage } from '../../lib/cursor';
import { presentReport, reportsPage } from './queries';

/**
 * GET /admin/reports: newest first, by status (`all`: every one) and text, with the open count.
 */
export async function listReports(db: Db, query: z.output<typeof reportListQuerySchema>) {
  const before = decodeCursor(query.cursor);
  const status = query.status === 'all' ? undefined : query.status;
  const [rows, open] = await Promise.all([
    reportsPage(db, { status, search: query.q, before, rows: query.limit + 1 }),
    countOpenReports(db),
  ]);
  return { ...toPage(rows, query.limit, (row) => row.id, presentReport), open };
}
