import { ERROR_CODES, imageCopies, LIMITS, sizedImageName, UPLOAD_MESSAGES } from '@devplay/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import { mkdir, statfs, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { UploadKind } from '../db/schema/index';
import { AppError, tooManyRequests } from '../lib/errors';
import { ACCOUNT_LIMITS, type AccountLimits } from './account-limits';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

const UPLOADS_PREFIX = '/uploads/';

const unsupported = () =>
  new AppError(415, ERROR_CODES.unsupportedMediaType, UPLOAD_MESSAGES.imageType, 'image');
const tooLarge = (message: string) =>
  new AppError(413, ERROR_CODES.payloadTooLarge, message, 'image');
const diskFull = () =>
  new AppError(507, ERROR_CODES.insufficientStorage, UPLOAD_MESSAGES.storageFull);
const quotaReached = () => tooManyRequests(UPLOAD_MESSAGES.dailyQuota);

/**
 * DESIGN §7: an upload is trusted only after sharp decoded it. It is re-encoded to WebP (which
 * drops EXIF and anything hidden after the image data), turned upright, resized, and stored
 * under a name the server made.
 */
async function decoded<T>(input: Buffer, work: (image: Sharp) => Promise<T>): Promise<T> {
  try {
    return await work(sharp(input, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error' }));
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw tooLarge(UPLOAD_MESSAGES.imagePixels);
    // A picture within the pixel limit can still be stored taller than WebP allows (100×20000).
    if (/too large for the webp format/i.test(message)) throw tooLarge(UPLOAD_MESSAGES.imageSide);
    throw unsupported();
  }
}

const WEBP = { quality: 82 } as const;

type StoredFile = { name: string; data: Buffer };

const avatarFiles = (input: Buffer) =>
  decoded(input, async (image): Promise<StoredFile[]> => {
    const data = await image
      .rotate()
      .resize(LIMITS.avatarSizePx, LIMITS.avatarSizePx, { fit: 'cover' })
      .webp(WEBP)
      .toBuffer();
    return [{ name: `${randomUUID()}.webp`, data }];
  });

/**
 * A post image at its largest width, named with its size, plus the narrower copies of
 * IMAGE_COPY_WIDTHS (shared/image-variants.ts): the page picks one with `srcset`.
 */
const postImageFiles = (input: Buffer) =>
  decoded(input, async (image): Promise<StoredFile[]> => {
    const upright = image.rotate();
    const { data, info } = await upright
      .clone()
      .resize({ width: LIMITS.postImageMaxWidthPx, withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer({ resolveWithObject: true });
    const name = sizedImageName(randomUUID(), info.width, info.height);
    const copies = await Promise.all(
      imageCopies(name).map(async (copy) => ({
        name: copy.url,
        data: await upright.clone().resize({ width: copy.width }).webp(WEBP).toBuffer(),
      })),
    );
    const files = [{ name, data }, ...copies];
    return files;
  });

/** Every file an image URL stands for: the image and, for a post image, its copies. */
const filesOf = (url: string) => [url, ...imageCopies(url).map((copy) => copy.url)];

export type StorageOptions = {
  uploadsDir: string;
  /**
   * Free bytes the disk under uploadsDir keeps (UPLOAD_MIN_FREE_MB): an image that would leave
   * less is refused (507).
   */
  minFreeBytes: number;
  /** Images and bytes (as written, all copies) one member may store in a day. */
  dailyQuota?: { images: number; bytes: number };
  /** The disk's free space; tests stand in for a full disk. */
  statfs?: (dir: string) => Promise<{ bavail: number; bsize: number }>;
};

/**
 * A day's allowance per member, on top of the per-address rate limit. 100 images is far beyond
 * what a person posts. A photo is stored in 20-260 KB (a 1600 px WebP and its two copies), so
 * the count binds first for photos; 200 MB binds for pictures made to weigh the most (noise
 * 1600×16000: 7.9 MB stored), about 25 a day. Either way one member adds at most 200 MB a day.
 */
const DAILY_QUOTA = { images: ACCOUNT_LIMITS.uploads.max, bytes: ACCOUNT_LIMITS.uploadBytes.max };

/** A stored image; `undo` removes it and gives its share of the quota back. */
type SavedImage = { url: string; undo: () => Promise<void> };

function createStorage(options: StorageOptions, limits: AccountLimits) {
  const { uploadsDir, minFreeBytes, dailyQuota = DAILY_QUOTA } = options;
  const freeBytes = options.statfs ?? statfs;
  const fileOf = (url: string) => path.join(uploadsDir, path.basename(url));

  /** Counts an image before it is written; across processes, through the database. */
  async function takeQuota(ownerId: number, bytes: number) {
    if (!(await limits.reserve('uploads', ownerId, 1, dailyQuota.images))) throw quotaReached();
    if (await limits.reserve('uploadBytes', ownerId, bytes, dailyQuota.bytes)) return;
    await limits.release('uploads', ownerId, 1);
    throw quotaReached();
  }
  async function giveQuotaBack(ownerId: number, bytes: number) {
    await limits.release('uploads', ownerId, 1);
    await limits.release('uploadBytes', ownerId, bytes);
  }

  async function ensureRoom(bytes: number) {
    const disk = await freeBytes(uploadsDir);
    if (disk.bavail * disk.bsize - bytes < minFreeBytes) throw diskFull();
  }

  /** All files or none: a write that fails (a disk filling up) takes the others with it. */
  async function writeAll(files: StoredFile[]) {
    const written = await Promise.allSettled(
      files.map((file) => writeFile(path.join(uploadsDir, file.name), file.data)),
    );
    const failed = written.find((result) => result.status === 'rejected');
    if (!failed) return;
    await Promise.all(files.map((file) => unlink(fileOf(file.name)).catch(() => undefined)));
    if ((failed.reason as { code?: unknown }).code === 'ENOSPC') throw diskFull();
    throw failed.reason;
  }

  async function remove(urls: (string | null)[]) {
    await Promise.all(
      urls
        .filter((url): url is string => !!url?.startsWith(UPLOADS_PREFIX))
        .flatMap(filesOf)
        .map((url) => unlink(fileOf(url)).catch(() => undefined)),
    );
  }

  return {
    /**
     * Decodes, re-encodes and writes an image of `ownerId`'s. Refused (nothing written, nothing
     * counted) when it is no image (415), too large (413), past the member's daily quota (429)
     * or when the disk would go below its floor (507).
     */
    async saveImage(input: Buffer, kind: UploadKind, ownerId: number): Promise<SavedImage> {
      const files = kind === 'avatar' ? await avatarFiles(input) : await postImageFiles(input);
      const bytes = files.reduce((sum, file) => sum + file.data.length, 0);
      await mkdir(uploadsDir, { recursive: true });
      await ensureRoom(bytes);
      await takeQuota(ownerId, bytes);
      try {
        await writeAll(files);
      } catch (error) {
        await giveQuotaBack(ownerId, bytes);
        throw error;
      }
      const url = `${UPLOADS_PREFIX}${files[0]!.name}`;
      return {
        url,
        undo: async () => {
          await remove([url]);
          await giveQuotaBack(ownerId, bytes);
        },
      };
    },
    /** Best effort: a file already gone is as good as deleted. */
    remove,
  };
}
export type Storage = ReturnType<typeof createStorage>;

export default fp(
  async function storagePlugin(app: FastifyInstance, options: StorageOptions) {
    app.decorate('storage', createStorage(options, app.accountLimits));
  },
  { name: 'storage', dependencies: ['account-limits'] },
);
