import { ERROR_CODES, imageCopies, LIMITS, sizedImageName, UPLOAD_MESSAGES } from '@devplay/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { UploadKind } from '../db/schema/index';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const UPLOADS_PREFIX = '/uploads/';

const unsupported = () =>
  new AppError(415, ERROR_CODES.unsupportedMediaType, UPLOAD_MESSAGES.imageType, 'image');

/**
 * DESIGN §7: an upload is trusted only after sharp decoded it. It is re-encoded to WebP (which
 * drops EXIF and anything hidden after the image data), turned upright, resized, and stored
 * under a name the server made.
 */
async function decoded<T>(input: Buffer, work: (image: Sharp) => Promise<T>): Promise<T> {
  try {
    return await work(sharp(input, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error' }));
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError(413, ERROR_CODES.payloadTooLarge, UPLOAD_MESSAGES.imagePixels, 'image');
    }
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

export function createStorage(uploadsDir: string) {
  const fileOf = (url: string) => path.join(uploadsDir, path.basename(url));
  return {
    async saveImage(input: Buffer, kind: UploadKind): Promise<string> {
      const files = kind === 'avatar' ? await avatarFiles(input) : await postImageFiles(input);
      await mkdir(uploadsDir, { recursive: true });
      await Promise.all(
        files.map((file) => writeFile(path.join(uploadsDir, file.name), file.data)),
      );
      return `${UPLOADS_PREFIX}${files[0]!.name}`;
    },
    /** Best effort: a file already gone is as good as deleted. */
    async remove(urls: (string | null)[]) {
      await Promise.all(
        urls
          .filter((url): url is string => !!url?.startsWith(UPLOADS_PREFIX))
          .flatMap(filesOf)
          .map((url) => unlink(fileOf(url)).catch(() => undefined)),
      );
    },
  };
}
export type Storage = ReturnType<typeof createStorage>;

export default fp(
  async function storagePlugin(app: FastifyInstance, options: { uploadsDir: string }) {
    app.decorate('storage', createStorage(options.uploadsDir));
  },
  { name: 'storage' },
);
