import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataExports } from '../../db/schema/index';
import type { Deps } from '../../deps';

export const REMOVE_ARCHIVES_JOB = 'data-export-remove';
export type RemoveArchivesJob = { keys: string[] };

const keysOf = (rows: { key: string | null }[]) =>
  rows.map((row) => row.key).filter((key): key is string => !!key);

/**
 * The hourly sweep: archives past their time go, rows then files. Ready ones once expired;
 * failed ones, and pending ones whose job was lost, a day after they were asked for (by then
 * they no longer count against the member's one a day). One DELETE: processes sweeping at once
 * each take their own rows. Answers how many went.
 */
export async function removeOldArchives({ db, archives }: Pick<Deps, 'db' | 'archives'>) {
  const removed = await db
    .delete(dataExports)
    .where(
      or(
        and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, sql`now()`)),
        and(
          inArray(dataExports.status, ['failed', 'pending']),
          lt(dataExports.createdAt, sql`now() - interval '1 day'`),
        ),
      ),
    )
    .returning({ key: dataExports.storageKey });
  await archives.removeAll(keysOf(removed));
  return removed.length;
}

/**
 * A member's part in their own deletion (plugins/member-steps.ts): their rows go with them, and
 * their archives' files once the deletion commits, by a job stored in its transaction, which the
 * next poll of any process runs. A pending archive finished meanwhile finds its row gone and
 * removes its file itself.
 */
export async function removeArchivesOfLeaving(
  { jobs }: Pick<Deps, 'jobs'>,
  tx: Db,
  userId: number,
) {
  const rows = await tx
    .select({ key: dataExports.storageKey })
    .from(dataExports)
    .where(eq(dataExports.userId, userId));
  const payload: RemoveArchivesJob = { keys: keysOf(rows) };
  if (payload.keys.length) await jobs.addIn(tx, REMOVE_ARCHIVES_JOB, payload);
}
