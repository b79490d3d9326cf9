import { and, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { posts, uploads, users } from '../../db/schema/index';
import { hourlySweep } from '../../lib/hourly-sweep';
import type { Storage } from '../../plugins/storage';

/** An upload no post shows and no member wears after this long was abandoned. */
const ORPHAN_AFTER_HOURS = 24;

/**
 * Deletes abandoned uploads, rows then files. One DELETE … RETURNING decides which rows go, so
 * several processes sweeping at once each get their own share and never the same file.
 */
export async function removeOrphanUploads(db: Db, storage: Storage): Promise<string[]> {
  const removed = await db
    .delete(uploads)
    .where(
      and(
        lt(uploads.createdAt, sql`now() - make_interval(hours => ${ORPHAN_AFTER_HOURS})`),
        sql`not exists (select 1 from ${posts} where ${posts.image} = ${uploads.url})`,
        sql`not exists (select 1 from ${users} where ${users.avatar} = ${uploads.url})`,
      ),
    )
    .returning({ url: uploads.url });
  const urls = removed.map((row) => row.url);
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
