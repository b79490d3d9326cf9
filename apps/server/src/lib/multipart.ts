import { ERROR_CODES, UPLOAD_MESSAGES } from '@devplay/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

export const MALFORMED_FORM = 'The form could not be read: it is malformed or incomplete.';

const notAnImage = (field: string) =>
  new AppError(415, ERROR_CODES.unsupportedMediaType, UPLOAD_MESSAGES.imageType, field);

/**
 * What the parser threw, as the client's fault it is: busboy's own errors (no boundary, a body cut
 * short, a broken part header) carry neither status nor code; @fastify/multipart's carry a 4xx,
 * which the error handler keeps.
 */
function asFormError(error: unknown, fileField: string): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, ERROR_CODES.payloadTooLarge, UPLOAD_MESSAGES.imageTooLarge, fileField);
  }
  if (typeof statusCode === 'number') return error;
  return badRequest(MALFORMED_FORM);
}

/**
 * Reads a multipart form: its text fields and at most one image under `fileField`. The declared
 * type is only a first filter; sharp decides later whether the bytes really are an image.
 */
export async function readImageForm(request: FastifyRequest, fileField: string) {
  if (!request.isMultipart()) throw notAnImage(fileField);
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  try {
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
      image = await part.toBuffer();
    }
  } catch (error) {
    throw asFormError(error, fileField);
  }
  return { fields, image };
}

export async function requireImagePart(request: FastifyRequest, field: string): Promise<Buffer> {
  const { image } = await readImageForm(request, field);
  if (!image) throw badRequest(UPLOAD_MESSAGES.imageType, undefined, field);
  return image;
}
