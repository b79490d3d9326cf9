import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { nullWhenGone } from './file-store';
import type { Bucket } from './s3-bucket';

/**
 * Where archives live in a bucket: apart from the images, which S3_PUBLIC_URL serves to anyone
 * (the bucket's public-read policy must leave this prefix out; docs/operations.md).
 */
export const ARCHIVES_PREFIX = 'exports/';

/** A name no one can guess, made by the server: members never name a file. */
export const newArchiveKey = () => `${randomUUID()}.zip`;

/** An archive being read: its bytes as they come, and how many there are. */
type OpenArchive = { body: Readable; bytes: number };

/**
 * Members' archives of their data (features/data-export). One is written into a file on this
 * machine's disk first (never into memory), then kept under its key: moved beside the others on
 * disk, or put into the bucket. Keys are basenames; anything else is reduced to one.
 */
export type ArchiveStore = {
  /** The file to write the archive of `key` into; a retry writes it afresh. */
  staging: (key: string) => Promise<string>;
  /** Keeps the staged file as the archive of `key`, over any kept before; answers its size. */
  keep: (key: string) => Promise<number>;
  /** Null when there is no such archive. */
  open: (key: string) => Promise<OpenArchive | null>;
  /** Best effort, staged files included: one already gone is as good as deleted. */
  removeAll: (keys: string[]) => Promise<void>;
};

const STAGING = 'staging';

/** DATA_DIR/exports and its staging folder, for the owner only like the rest of DATA_DIR. */
function stagingIn(dir: string) {
  const stagingDir = path.join(dir, STAGING);
  const fileOf = (key: string) => path.join(stagingDir, `${path.basename(key)}.part`);
  return {
    fileOf,
    async staging(key: string) {
      await mkdir(stagingDir, { recursive: true, mode: 0o700 });
      return fileOf(key);
    },
    removeAll: (keys: string[]) =>
      Promise.all(keys.map((key) => unlink(fileOf(key)).catch(() => undefined))),
  };
}

/** Archives under `dir` (DATA_DIR/exports), outside the uploads folder: never served as files. */
export function diskArchiveStore(dir: string): ArchiveStore {
  const staged = stagingIn(dir);
  const fileOf = (key: string) => path.join(dir, path.basename(key));
  return {
    staging: staged.staging,
    async keep(key) {
      const { size } = await stat(staged.fileOf(key));
      await rename(staged.fileOf(key), fileOf(key));
      return size;
    },
    async open(key) {
      const handle = await open(fileOf(key)).catch(nullWhenGone);
      if (!handle) return null;
      const { size } = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      return { body: handle.createReadStream(), bytes: size };
    },
    async removeAll(keys) {
      await staged.removeAll(keys);
      await Promise.all(keys.map((key) => unlink(fileOf(key)).catch(() => undefined)));
    },
  };
}

/** Archives in the bucket under ARCHIVES_PREFIX, staged under `dir` on this machine meanwhile. */
export function s3ArchiveStore(
  bucket: Bucket,
  dir: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): ArchiveStore {
  const staged = stagingIn(dir);
  const keyOf = (key: string) => `${ARCHIVES_PREFIX}${path.basename(key)}`;
  return {
    staging: staged.staging,
    async keep(key) {
      const file = staged.fileOf(key);
      const { size } = await stat(file);
      await bucket.putArchive(keyOf(key), createReadStream(file), size);
      await unlink(file);
      return size;
    },
    open: (key) => bucket.open(keyOf(key)),
    async removeAll(keys) {
      await staged.removeAll(keys);
      if (!keys.length) return;
      await bucket.removeMany(keys.map(keyOf)).catch((err: unknown) => {
        log.warn({ err }, 'removing archives from the bucket failed');
      });
    },
  };
}
