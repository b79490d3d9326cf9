import path from 'node:path';
import { asc, eq, gt, and } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploads } from '../../db/schema/index';
import type { Storage } from '../../plugins/storage';
import type { ZipWriter } from '../../lib/zip-writer';
import { pagesOf } from './json-parts';

const UPLOADS_PREFIX = '/uploads/';

/** Where an uploaded image of the member's sits in the archive; null for none or not an upload. */
export const mediaPath = (url: string | null) =>
  url?.startsWith(UPLOADS_PREFIX) ? `media/${path.posix.basename(url)}` : null;

/**
 * media/: every image the member uploaded (their avatars and post images) as stored, one at a
 * time from storage. A file deleted since its row was read is left out.
 */
export async function addMedia(
  zip: ZipWriter,
  db: Db,
  storage: Pick<Storage, 'read'>,
  userId: number,
) {
  const pages = pagesOf(
    (after, size) =>
      db
        .select({ id: uploads.id, url: uploads.url })
        .from(uploads)
        .where(and(eq(uploads.ownerId, userId), gt(uploads.id, after)))
        .orderBy(asc(uploads.id))
        .limit(size),
    (row) => row.id,
  );
  for await (const page of pages) {
    for (const { url } of page) {
      const name = mediaPath(url);
      const data = name && (await storage.read(url));
      if (name && data) await zip.stored(name, data);
    }
  }
}
