import { ERROR_CODES, imageCopies, LIMITS, sizedImageName, UPLOAD_MESSAGES } from '@devplay/shared';
import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { AppError } from './errors';
import type { StoredFile } from './file-store';

// libvips keeps recent operations for a repeated input; every upload is a new one, so the cache
// (up to 50 MB by default) would only hold memory.
sharp.cache(false);

const unsupported = () =>
  new AppError(415, ERROR_CODES.unsupportedMediaType, UPLOAD_MESSAGES.imageType, 'image');
const tooLarge = (message: string) =>
  new AppError(413, ERROR_CODES.payloadTooLarge, message, 'image');

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

export const avatarFiles = (input: Buffer) =>
  decoded(input, async (image): Promise<StoredFile[]> => {
    const data = await image
      .rotate()
      .resize(LIMITS.avatarSizePx, LIMITS.avatarSizePx, { fit: 'cover' })
      .webp(WEBP)
      .toBuffer();
    return [{ name: `${randomUUID()}.webp`, data }];
  });

/**
 * A post image at its largest width, named with its size and set of copies, plus the narrower
 * copies that set lists (shared/image-variants.ts): the page picks one with `srcset`.
 */
export const postImageFiles = (input: Buffer) =>
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
    return [{ name, data }, ...copies];
  });
