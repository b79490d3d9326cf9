import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isEmbedded, type Db } from '../db/client';

/**
 * The advisory lock a backup of a PostgreSQL database holds from before its snapshot until it
 * has read every file (scripts/ops/make-backup.ts). Any number: backup and server agree on it.
 */
export const BACKUP_LOCK_ID = 72_716_402;

/** How soon files whose deletion waited for a backup are tried again. */
const RETRY_AFTER_MS = 5_000;

/**
 * Whether a backup holds its lock. Only another session can (PGlite is one session: its backups
 * hold deletions in this process instead). A failed check counts as held: a file kept a little
 * longer is harmless, one gone from a backup that still lists its row is not.
 */
function backupLockOf(db: Db) {
  if (isEmbedded(db)) return async () => false;
  return async () => {
    try {
      const { rows } = (await db.execute(
        sql`select pg_try_advisory_xact_lock_shared(${BACKUP_LOCK_ID}) as free`,
      )) as unknown as { rows: { free: boolean }[] };
      return !rows[0]?.free;
    } catch {
      return true;
    }
  };
}

/**
 * Deletes files, unless a backup is reading them: then they wait and go once it is done.
 *
 * A backup reads the database in one snapshot first, then the files its rows name. A file is
 * deleted only after the deletion of its row committed, and it asks here after that. So a file
 * whose row a snapshot still holds was either asked for before the backup began (its row was
 * gone before the snapshot: not wanted) or after (it waits). A backup in this process holds
 * deletions with `hold()`; one of PostgreSQL, in any process, with its advisory lock.
 */
export function heldDeletions(
  db: Db,
  removeAll: (names: string[]) => Promise<void>,
  log: FastifyBaseLogger,
) {
  const backupRunning = backupLockOf(db);
  const waiting = new Set<string>();
  let holds = 0;
  let retry: NodeJS.Timeout | undefined;
  const mayDelete = async () => holds === 0 && !(await backupRunning());

  async function flush(again = true) {
    clearTimeout(retry);
    retry = undefined;
    if (!waiting.size) return;
    if (!(await mayDelete())) {
      if (again) retry = setTimeout(() => void flush(), RETRY_AFTER_MS).unref();
      return;
    }
    const names = [...waiting];
    waiting.clear();
    await removeAll(names);
  }

  return {
    async remove(names: string[]) {
      if (!names.length) return;
      if (await mayDelete()) return removeAll(names);
      for (const name of names) waiting.add(name);
      retry ??= setTimeout(() => void flush(), RETRY_AFTER_MS).unref();
    },
    /** Keeps every file until the returned function is called (once is enough). */
    hold() {
      holds++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        void flush();
      };
    },
    /** Deletes what waited, if no backup runs any more. */
    flush: () => flush(),
    /** On shutdown: what still waits then stays on disk, named in the log. */
    async close() {
      await flush(false);
      if (waiting.size) {
        log.warn(
          { files: [...waiting] },
          'files of deleted uploads kept: a backup was reading them at shutdown',
        );
      }
    },
  };
}
