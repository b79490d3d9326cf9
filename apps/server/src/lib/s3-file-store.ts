import { ERROR_CODES, UPLOAD_MESSAGES } from '@devplay/shared';
import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import { AppError } from './errors';
import type { FileStore } from './file-store';
import type { Bucket } from './s3-bucket';

/** Files in an S3-compatible bucket, for several machines; the web plugin redirects /uploads/ there. */
export function s3FileStore(
  bucket: Bucket,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): FileStore {
  const keysOf = (names: string[]) => names.map((name) => path.basename(name));
  const removeAll = async (names: string[]) => {
    if (!names.length) return;
    await bucket.removeMany(keysOf(names)).catch((err: unknown) => {
      log.warn({ err }, 'removing uploaded files from the bucket failed');
    });
  };
  return {
    // The disk floor protects the database's disk; a bucket is not on it, and the provider
    // scales or bills it (a quota it enforces fails the put, which writeAll answers).
    async ensureRoom() {},
    async writeAll(files) {
      const written = await Promise.allSettled(
        files.map((file) => bucket.put(path.basename(file.name), file.data)),
      );
      const failed = written.find((result) => result.status === 'rejected');
      if (!failed) return;
      log.error({ err: failed.reason as unknown }, 'storing an upload in the bucket failed');
      // Those that failed too: a put can land although its answer was lost.
      await removeAll(files.map((file) => file.name));
      throw new AppError(503, ERROR_CODES.upstreamFailed, UPLOAD_MESSAGES.storageUnavailable);
    },
    removeAll,
    read: (name) => bucket.read(path.basename(name)),
  };
}
