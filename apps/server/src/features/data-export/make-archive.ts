import { DATA_EXPORT } from '@devplay/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { dataExports, users } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { Attempt } from '../../plugins/jobs';
import { writeArchive } from './archive';
import { archiveReadyMail } from './mail';
import type { DataExportJob } from './service';

export type ArchiveMakerDeps = Pick<Deps, 'db' | 'storage' | 'archives' | 'jobs' | 'config'>;

/**
 * The `data-export` job: writes the member's archive into its staging file (afresh on a retry,
 * so a crash leaves nothing half-made behind), keeps it under the key its row was given, then
 * marks it ready for DATA_EXPORT.keptDays and mails the member, in one transaction with the
 * mail's job. The member's older archives go then: the new one holds all they held. An archive
 * whose row went meanwhile (the member left) is removed again. After the last attempt failed,
 * the archive is marked failed, which frees the member to ask again.
 */
export function createArchiveMaker(deps: ArchiveMakerDeps) {
  const { db, archives, jobs, config } = deps;

  async function markReady(exportId: number, bytes: number) {
    const done = await db.transaction(async (tx) => {
      const [ready] = await tx
        .update(dataExports)
        .set({
          status: 'ready',
          bytes,
          readyAt: sql`now()`,
          expiresAt: sql`now() + make_interval(days => ${DATA_EXPORT.keptDays})`,
        })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')))
        .returning({ userId: dataExports.userId, expiresAt: dataExports.expiresAt });
      if (!ready) return null;
      const older = await tx
        .delete(dataExports)
        .where(
          and(
            eq(dataExports.userId, ready.userId),
            eq(dataExports.status, 'ready'),
            ne(dataExports.id, exportId),
          ),
        )
        .returning({ key: dataExports.storageKey });
      const [member] = await tx.select().from(users).where(eq(users.id, ready.userId));
      const mail = archiveReadyMail(member!, ready.expiresAt!, config.publicUrl);
      return { mail: await jobs.addIn(tx, 'mail', mail), older };
    });
    if (done) void done.mail.start();
    return done;
  }

  return async function makeArchive({ exportId }: DataExportJob, { last }: Attempt) {
    const [row] = await db
      .select({ key: dataExports.storageKey, user: users })
      .from(dataExports)
      .innerJoin(users, eq(users.id, dataExports.userId))
      .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')));
    // Made already (a retry of an attempt that got that far), or gone with its member.
    if (!row?.key) return;
    const { key } = row;
    try {
      await writeArchive(await archives.staging(key), deps, row.user);
      const done = await markReady(exportId, await archives.keep(key));
      const keys = done ? done.older.map((older) => older.key) : [key];
      await archives.removeAll(keys.filter((each): each is string => !!each));
    } catch (error) {
      if (last) {
        await db
          .update(dataExports)
          .set({ status: 'failed' })
          .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')));
        await archives.removeAll([key]);
      }
      throw error;
    }
  };
}
