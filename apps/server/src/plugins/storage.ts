import { imageCopies, UPLOAD_MESSAGES } from '@devplay/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { UploadKind } from '../db/schema/index';
import { tooManyRequests } from '../lib/errors';
import { diskArchiveStore, s3ArchiveStore, type ArchiveStore } from '../lib/archive-store';
import { diskFileStore, type DiskStoreOptions, type FileStore } from '../lib/file-store';
import { avatarFiles, postImageFiles } from '../lib/image-files';
import { openBucket, type S3Options } from '../lib/s3-bucket';
import { s3FileStore } from '../lib/s3-file-store';
import { ACCOUNT_LIMITS, type AccountLimits } from './account-limits';
import { heldDeletions } from './held-deletions';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
    /** Members' archives of their data (features/data-export), beside the images' store. */
    archives: ArchiveStore;
  }
}

const UPLOADS_PREFIX = '/uploads/';

const quotaReached = () => tooManyRequests(UPLOAD_MESSAGES.dailyQuota);

/** Every file an image URL stands for: the image and, for a post image, its copies. */
const filesOf = (url: string) => [url, ...imageCopies(url).map((copy) => copy.url)];

export type StorageOptions = {
  uploadsDir: string;
  /** Archives on disk, or staged there on their way to the bucket: never under uploadsDir. */
  archivesDir: string;
  /**
   * Free bytes the disk under uploadsDir keeps (UPLOAD_MIN_FREE_MB): an image that would leave
   * less is refused (507).
   */
  minFreeBytes: number;
  /** Images and bytes (as written, all copies) one member may store in a day. */
  dailyQuota?: { images: number; bytes: number };
  statfs?: DiskStoreOptions['statfs'];
  /** A bucket instead of uploadsDir (S3_BUCKET); no image file is written on this machine then. */
  s3?: S3Options;
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

function createStorage(
  store: FileStore,
  deletions: ReturnType<typeof heldDeletions>,
  limits: AccountLimits,
  dailyQuota: { images: number; bytes: number },
) {
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

  async function remove(urls: (string | null)[]) {
    await deletions.remove(
      urls.filter((url): url is string => !!url?.startsWith(UPLOADS_PREFIX)).flatMap(filesOf),
    );
  }

  return {
    /**
     * Decodes, re-encodes and writes an image of `ownerId`'s. Refused (nothing written, nothing
     * counted) when it is no image (415), too large (413), past the member's daily quota (429),
     * when the store would go below its floor (507) or the bucket fails (503).
     */
    async saveImage(input: Buffer, kind: UploadKind, ownerId: number): Promise<SavedImage> {
      const files = kind === 'avatar' ? await avatarFiles(input) : await postImageFiles(input);
      const bytes = files.reduce((sum, file) => sum + file.data.length, 0);
      await store.ensureRoom(bytes);
      await takeQuota(ownerId, bytes);
      try {
        await store.writeAll(files);
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
    /** Best effort: a file already gone is as good as deleted. A running backup delays it. */
    remove,
    /** An image's file by its URL (`/uploads/<name>`); null when it is gone or no upload. */
    read: async (url: string) => (url.startsWith(UPLOADS_PREFIX) ? store.read(url) : null),
    /** Keeps every file until the answer is called: a backup in this process is reading them. */
    holdDeletions: deletions.hold,
    /** Deletes the files that waited for a backup, if none runs any more. */
    flushDeletions: deletions.flush,
  };
}
export type Storage = ReturnType<typeof createStorage>;

export default fp(
  async function storagePlugin(app: FastifyInstance, options: StorageOptions) {
    const { uploadsDir, archivesDir, minFreeBytes, statfs, s3, dailyQuota = DAILY_QUOTA } = options;
    let store: FileStore;
    let archives: ArchiveStore;
    if (s3) {
      const bucket = openBucket(s3);
      app.addHook('onClose', async () => bucket.close());
      store = s3FileStore(bucket, app.log);
      archives = s3ArchiveStore(bucket, archivesDir, app.log);
    } else {
      store = diskFileStore({ dir: uploadsDir, minFreeBytes, statfs });
      archives = diskArchiveStore(archivesDir);
    }
    app.decorate('archives', archives);
    const deletions = heldDeletions(app.db, store.removeAll, app.log);
    // Before the database closes (onClose hooks run last-registered first).
    app.addHook('onClose', () => deletions.close());
    app.decorate('storage', createStorage(store, deletions, app.accountLimits, dailyQuota));
  },
  { name: 'storage', dependencies: ['account-limits'] },
);
