import {
  AUTH_MESSAGES,
  DATA_EXPORT,
  DATA_EXPORT_MESSAGES,
  ERROR_CODES,
  type DataExport,
} from '@devplay/shared';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import { dataExports, users, type UserRow } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { newArchiveKey } from '../../lib/archive-store';
import { conflict, notFound, tooManyRequests, unauthorized } from '../../lib/errors';

export const DATA_EXPORT_JOB = 'data-export';
export type DataExportJob = { exportId: number };

const NONE: DataExport = { status: 'none', createdAt: null, expiresAt: null };

/** `devplay-ada-2026-03-14.zip`; a username holds letters, digits and `_` only, kept so. */
const fileNameOf = (username: string, readyAt: Date) =>
  `devplay-${username.replace(/[^A-Za-z0-9_-]/g, '_')}-${readyAt.toISOString().slice(0, 10)}.zip`;

/** A member's archives (API.md "Export"): one at a time, one a day, made by a job. */
export function createDataExportService({
  db,
  jobs,
  archives,
}: Pick<Deps, 'db' | 'jobs' | 'archives'>) {
  return {
    /**
     * The newest archive: pending, ready until it expires, else none. One that failed does not
     * hide an older one still ready.
     */
    async status(userId: number): Promise<DataExport> {
      const [row] = await db
        .select({
          status: dataExports.status,
          createdAt: dataExports.createdAt,
          expiresAt: dataExports.expiresAt,
          live: sql<boolean>`${dataExports.expiresAt} > now()`,
        })
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), ne(dataExports.status, 'failed')))
        .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
        .limit(1);
      if (row?.status === 'pending') {
        return { status: 'pending', createdAt: row.createdAt.toISOString(), expiresAt: null };
      }
      if (row?.status !== 'ready' || !row.live || !row.expiresAt) return NONE;
      const { createdAt, expiresAt } = row;
      return {
        status: 'ready',
        createdAt: createdAt.toISOString(),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * Starts an archive: 409 while one is being made, 429 when DATA_EXPORT.perDay were started
     * in the last 24 hours (a failed one does not count: the failure was the server's). The
     * member's row is locked first, so requests at once take turns here and the second finds
     * the first's archive. The job is stored with the archive's row, and tried once committed.
     */
    async start(userId: number): Promise<DataExport> {
      const { row, job } = await db.transaction(async (tx) => {
        const [member] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, userId))
          .for('no key update');
        if (!member) throw unauthorized(AUTH_MESSAGES.sessionExpired);
        const [held] = await tx
          .select({
            pending: sql<boolean>`coalesce(bool_or(${dataExports.status} = 'pending'), false)`,
            today: sql<number>`(count(*) filter (where ${dataExports.status} <> 'failed' and ${dataExports.createdAt} > now() - interval '1 day'))::int`,
          })
          .from(dataExports)
          .where(eq(dataExports.userId, userId));
        if (held!.pending) {
          throw conflict(DATA_EXPORT_MESSAGES.inProgress, ERROR_CODES.exportInProgress);
        }
        if (held!.today >= DATA_EXPORT.perDay) {
          throw tooManyRequests(DATA_EXPORT_MESSAGES.oncePerDay);
        }
        const [made] = await tx
          .insert(dataExports)
          .values({ userId, storageKey: newArchiveKey() })
          .returning({ id: dataExports.id, createdAt: dataExports.createdAt });
        const payload: DataExportJob = { exportId: made!.id };
        return { row: made!, job: await jobs.addIn(tx, DATA_EXPORT_JOB, payload) };
      });
      void job.start();
      return { status: 'pending', createdAt: row.createdAt.toISOString(), expiresAt: null };
    },

    /**
     * The newest ready archive's bytes and the name to save them under; 404 when there is none.
     */
    async download(user: Pick<UserRow, 'id' | 'username'>) {
      const [row] = await db
        .select({ key: dataExports.storageKey, readyAt: dataExports.readyAt })
        .from(dataExports)
        .where(
          and(
            eq(dataExports.userId, user.id),
            eq(dataExports.status, 'ready'),
            gt(dataExports.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(dataExports.readyAt))
        .limit(1);
      // A file gone (removed by hand, or a restore without it) reads as no archive.
      const archive = row?.key && row.readyAt ? await archives.open(row.key) : null;
      if (!archive) throw notFound(DATA_EXPORT_MESSAGES.noneReady);
      return { archive, fileName: fileNameOf(user.username, row!.readyAt!) };
    },
  };
}
