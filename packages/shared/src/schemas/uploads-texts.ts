// Kept apart from the schemas so code that only needs these does not pull in zod.
import { LIMITS } from '../constants';

const side = LIMITS.imageMaxSidePx;
/** SPEC §5 and §8 texts for images (post images and avatars), verbatim. */
export const UPLOAD_MESSAGES = {
  imageType: 'Please select an image file.',
  imageTooLarge: 'Image too large (>5MB).',
  imagePixels: `Image too large (max ${LIMITS.imageMaxPixels / 1_000_000} megapixels).`,
  /** Beyond SPEC, like the pixel limit: WebP cannot store a longer side. */
  imageSide: `Image too large (max ${side}×${side} pixels).`,
  imageUnknown: 'Please upload the image again.',
  uploadFailed: 'Image upload failed.',
  /** Beyond SPEC: a member's daily allowance of stored images (count and bytes) is used up. */
  dailyQuota: 'Daily image limit reached. Please try again later.',
  /** Beyond SPEC: the server keeps a floor of free disk and refuses images below it. */
  storageFull: 'No room for images on the server right now. Please try again later.',
  /** Beyond SPEC: the object storage images go to (S3) failed; nothing of the image was kept. */
  storageUnavailable: 'Images cannot be stored right now. Please try again later.',
} as const;
