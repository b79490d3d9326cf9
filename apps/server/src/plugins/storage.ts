import { LIMITS, UPLOAD_MESSAGES, ERROR_CODES } from '@devplay/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
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
async function toWebp(input: Buffer, kind: UploadKind): Promise<Buffer> {
  try {
    const image = sharp(input, {
      limitInputPixels: LIMITS.imageMaxPixels,
      failOn: 'error',
    }).rotate();
    const resized =
      kind === 'avatar'
        ? image.resize(LIMITS.avatarSizePx, LIMITS.avatarSizePx, { fit: 'cover' })
        : image.resize({ width: LIMITS.postImageMaxWidthPx, withoutEnlargement: true });
    return await resized.webp({ quality: 82 }).toBuffer();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AppError(413, ERROR_CODES.payloadTooLarge, UPLOAD_MESSAGES.imagePixels, 'image');
    }
    throw unsupported();
  }
}

export function createStorage(uploadsDir: string) {
  const fileOf = (url: string) => path.join(uploadsDir, path.basename(url));
  return {
    async saveImage(input: Buffer, kind: UploadKind): Promise<string> {
      const output = await toWebp(input, kind);
      const name = `${randomUUID()}.webp`;
      await mkdir(uploadsDir, { recursive: true });
      await writeFile(path.join(uploadsDir, name), output);
      return `${UPLOADS_PREFIX}${name}`;
    },
    /** Best effort: a file already gone is as good as deleted. */
    async remove(urls: (string | null)[]) {
      await Promise.all(
        urls
          .filter((url): url is string => !!url?.startsWith(UPLOADS_PREFIX))
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
