import { LIMITS, UPLOAD_MESSAGES } from '@devplay/shared';

/**
 * SPEC §5 checks on a chosen picture (post image, avatar), made before any upload so a wrong
 * file costs no request. The server checks the content again; the declared type is only a
 * first filter.
 */
export function checkImageFile(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return UPLOAD_MESSAGES.imageType;
  if (file.size > LIMITS.imageMaxBytes) return UPLOAD_MESSAGES.imageTooLarge;
  return undefined;
}
