import { ERROR_CODES, imageCopies, imageVariants, UPLOAD_MESSAGES } from '@devplay/shared';
import { mkdir, readFile, statfs, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from './errors';

// What image-files.ts names a file: a random UUID, for a post image followed by its size and
// copy set (shared/image-variants.ts), and for a narrower copy by its width.
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const AVATAR_NAME = new RegExp(`^${UUID}\\.webp$`);
const POST_IMAGE_NAME = new RegExp(
  `^${UUID}-[1-9]\\d{0,5}x[1-9]\\d{0,5}(?:-[a-z0-9]{1,8})?\\.webp$`,
);
const COPY_SUFFIX = /-[1-9]\d{0,5}w\.webp$/;

/**
 * Whether the store could have made this name: an avatar, a post image or one of its copies,
 * all WebP. What is served, backed up or restored by name is checked against it first, so a file
 * of any other name (a page, a script) is never taken for an upload.
 */
export function isStoredName(name: string) {
  if (AVATAR_NAME.test(name)) return true;
  const image = name.replace(COPY_SUFFIX, '.webp');
  if (!POST_IMAGE_NAME.test(image) || !imageVariants(image)) return false;
  return image === name || imageCopies(image).some((copy) => copy.url === name);
}

/** A file of an uploaded image, named by the server (never by the member). */
export type StoredFile = { name: string; data: Buffer };

/** Where the files of uploaded images are kept; the storage plugin decides what goes in. */
export type FileStore = {
  /** Refuses (507) files of `bytes` that would leave the store short of room. */
  ensureRoom: (bytes: number) => Promise<void>;
  /** All files or none: one that cannot be written takes the others with it. */
  writeAll: (files: StoredFile[]) => Promise<void>;
  /** Best effort: a file already gone is as good as deleted. */
  removeAll: (names: string[]) => Promise<void>;
  /** A file's bytes; null when it is gone (deleted since its name was read). */
  read: (name: string) => Promise<Buffer | null>;
};

/** A read's answer for a file that is not there; any other failure stays one. */
export function nullWhenGone(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}

const storageFull = () =>
  new AppError(507, ERROR_CODES.insufficientStorage, UPLOAD_MESSAGES.storageFull);

export type DiskStoreOptions = {
  dir: string;
  /** Free bytes the disk under `dir` keeps: files that would leave less are refused (507). */
  minFreeBytes: number;
  /** The disk's free space; tests stand in for a full disk. */
  statfs?: (dir: string) => Promise<{ bavail: number; bsize: number }>;
};

/** The default: files in a folder of DATA_DIR, served by the web plugin under /uploads/. */
export function diskFileStore({ dir, minFreeBytes, ...options }: DiskStoreOptions): FileStore {
  const freeBytes = options.statfs ?? statfs;
  const fileOf = (name: string) => path.join(dir, path.basename(name));
  const removeAll = async (names: string[]) => {
    await Promise.all(names.map((name) => unlink(fileOf(name)).catch(() => undefined)));
  };
  return {
    async ensureRoom(bytes) {
      await mkdir(dir, { recursive: true });
      const disk = await freeBytes(dir);
      if (disk.bavail * disk.bsize - bytes < minFreeBytes) throw storageFull();
    },
    async writeAll(files) {
      const written = await Promise.allSettled(
        files.map((file) => writeFile(fileOf(file.name), file.data)),
      );
      const failed = written.find((result) => result.status === 'rejected');
      if (!failed) return;
      await removeAll(files.map((file) => file.name));
      if ((failed.reason as { code?: unknown }).code === 'ENOSPC') throw storageFull();
      throw failed.reason;
    },
    removeAll,
    read: (name) => readFile(fileOf(name)).catch(nullWhenGone),
  };
}
