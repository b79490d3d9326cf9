import { LIMITS, POST_MESSAGES } from '@devplay/shared';

/** SPEC §5 image rules, checked before upload: an image type, at most 5 MB. */
export function checkImageFile(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return POST_MESSAGES.imageType;
  if (file.size > LIMITS.imageMaxBytes) return POST_MESSAGES.imageTooLarge;
  return undefined;
}
