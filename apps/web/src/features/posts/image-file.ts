import { LIMITS, POST_MESSAGES } from '@devplay/shared';

/**
 * SPEC §5 checks on a chosen picture, made before any upload so a wrong file costs no request.
 * The server checks the content again; the declared type is only a first filter.
 */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return POST_MESSAGES.imageType;
  if (file.size > LIMITS.imageMaxBytes) return POST_MESSAGES.imageTooLarge;
  return null;
}
