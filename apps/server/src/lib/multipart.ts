import { ERROR_CODES, POST_MESSAGES } from '@devplay/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

const notAnImage = (field: string) =>
  new AppError(415, ERROR_CODES.unsupportedMediaType, POST_MESSAGES.imageType, field);

/**
 * Reads a multipart form: its text fields and at most one image under `fileField`. The declared
 * type is only a first filter; sharp decides later whether the bytes really are an image.
 */
export async function readImageForm(request: FastifyRequest, fileField: string) {
  if (!request.isMultipart()) throw notAnImage(fileField);
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== fileField || image) {
      part.file.resume();
      continue;
    }
    if (!part.mimetype.startsWith('image/')) {
      part.file.resume();
      throw notAnImage(fileField);
    }
    try {
      image = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError(
          413,
          ERROR_CODES.payloadTooLarge,
          POST_MESSAGES.imageTooLarge,
          fileField,
        );
      }
      throw error;
    }
  }
  return { fields, image };
}

export async function requireImagePart(request: FastifyRequest, field: string): Promise<Buffer> {
  const { image } = await readImageForm(request, field);
  if (!image) throw badRequest(POST_MESSAGES.imageType, undefined, field);
  return image;
}
