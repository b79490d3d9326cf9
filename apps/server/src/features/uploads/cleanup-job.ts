import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/index';
import { dropUnshownUploads } from '../../db/upload-references';
import { hourlySweep } from '../../lib/hourly-sweep';
import type { Storage } from '../../plugins/storage';

/** An upload no post shows and no member wears after this long was abandoned. */
const ORPHAN_AFTER_HOURS = 24;

/**
 * Deletes abandoned uploads, rows then files, with the check every deletion asks
 * (db/upload-references.ts). Rows another process's sweep holds are skipped, so several
 * processes sweeping at once each get their own share and never the same file.
 */
export async function removeOrphanUploads(db: Db, storage: Storage): Promise<string[]> {
  const urls = await db.transaction((tx) =>
    dropUnshownUploads(
      tx,
      lt(uploads.createdAt, sql`now() - make_interval(hours => ${ORPHAN_AFTER_HOURS})`),
    ),
  );
  await storage.remove(urls);
  return urls;
}

export default fp(
  async function uploadsCleanupPlugin(app: FastifyInstance) {
    hourlySweep(app, () =>
      removeOrphanUploads(app.db, app.storage).then(
        (urls) => {
          if (urls.length) app.log.info({ count: urls.length }, 'removed abandoned uploads');
        },
        (err: unknown) => app.log.warn({ err }, 'removing abandoned uploads failed'),
      ),
    );
  },
  { name: 'uploads-cleanup', dependencies: ['storage'] },
);
