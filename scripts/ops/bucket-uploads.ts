import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  BucketError,
  openBucket,
  type Bucket,
  type S3Options,
} from '../../apps/server/src/lib/s3-bucket';
import { ARCHIVES_PREFIX } from '../../apps/server/src/lib/archive-store';
import { isStoredName } from '../../apps/server/src/lib/file-store';
import { BackupError } from './archive';
import { exists } from './files';
import { inGroups } from './in-groups';
import type { UploadSource } from './stage-uploads';

/** The bucket's failures are the operator's to act on: one clear line, like the other refusals. */
async function withBucket<T>(s3: S3Options, work: (bucket: Bucket) => Promise<T>): Promise<T> {
  const bucket = openBucket(s3);
  try {
    return await work(bucket);
  } catch (error) {
    throw error instanceof BucketError ? new BackupError(error.message) : error;
  } finally {
    bucket.close();
  }
}

async function namesIn(bucket: Bucket) {
  const names: string[] = [];
  for await (const name of bucket.names()) {
    // Members' archives of their data are made again on request: no backup keeps them.
    if (name.startsWith(ARCHIVES_PREFIX)) continue;
    // Objects become files of the archive's uploads/ and come back under the same names.
    if (!isStoredName(name)) {
      throw new BackupError(
        `S3 bucket ${bucket.bucket} holds "${name}", which is no upload of DevPlay's: keep the ` +
          'bucket for DevPlay alone. Nothing was written.',
      );
    }
    names.push(name);
  }
  return names;
}

/** The bucket's objects, read one by one into the backup's stage (stage-uploads.ts). */
export function bucketSource(s3: S3Options): UploadSource {
  const bucket = openBucket(s3);
  const asBackupError = (error: unknown) =>
    error instanceof BucketError ? new BackupError(error.message) : error;
  return {
    names: () => namesIn(bucket).catch((error: unknown) => Promise.reject(asBackupError(error))),
    async copy(name, to) {
      // Null: deleted since it was listed.
      const data = await bucket
        .read(name)
        .catch((error: unknown) => Promise.reject(asBackupError(error)));
      if (!data) return false;
      await writeFile(to, data);
      return true;
    },
    close: () => bucket.close(),
  };
}

/** Some of what the bucket holds (none: it is empty), for a refusal to name. */
export const someObjects = (s3: S3Options) =>
  withBucket(s3, async (bucket) => {
    for await (const name of bucket.names()) return [name];
    return [];
  });

/**
 * Puts the archive's uploads (the files in `dir`) into the bucket. What it answers either undoes
 * that (the bucket as it was) or, with --force, finishes it: objects the backup does not hold go.
 */
export async function uploadToBucket(s3: S3Options, dir: string) {
  const files = (await exists(dir)) ? await readdir(dir) : [];
  // Sets: a bucket of 100,000 objects would make array lookups 10^10 comparisons.
  const before = new Set(await withBucket(s3, namesIn));
  const kept = new Set(files);
  const put: string[] = [];
  const undo = () =>
    withBucket(s3, (bucket) => bucket.removeMany(put.filter((name) => !before.has(name))));
  try {
    await withBucket(s3, (bucket) =>
      inGroups(files, async (name) => {
        // Counted before it is sent: a put whose answer is lost may still have landed.
        put.push(name);
        await bucket.put(name, await readFile(path.join(dir, name)));
      }),
    );
  } catch (error) {
    await undo();
    throw error;
  }
  return {
    undo,
    replace: () =>
      withBucket(s3, (bucket) => bucket.removeMany([...before].filter((name) => !kept.has(name)))),
  };
}
