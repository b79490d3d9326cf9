import { AUTH_MESSAGES, ERROR_CODES, type ApiError, type ErrorCode } from '@devplay/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  413: ERROR_CODES.payloadTooLarge,
  429: ERROR_CODES.rateLimited,
};

function toApiError(error: FastifyError | AppError): { status: number; body: ApiError } {
  if (error instanceof AppError) {
    const body: ApiError = { message: error.message, code: error.code };
    if (error.field) body.field = error.field;
    return { status: error.statusCode, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    const field = first?.instancePath.split('/')[1];
    const body: ApiError = {
      message: (field && first?.message) || 'Invalid request',
      code: ERROR_CODES.validation,
    };
    if (field) body.field = field;
    return { status: 400, body };
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return {
      status,
      body: { message: AUTH_MESSAGES.tooManyRequests, code: ERROR_CODES.rateLimited },
    };
  }
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (malformed JSON, wrong content type, body too large).
    return { status, body: { message: error.message, code: CODE_BY_STATUS[status] ?? error.code } };
  }
  return { status: 500, body: { message: AUTH_MESSAGES.serverError, code: ERROR_CODES.internal } };
}

/** DESIGN §4: every failure leaves as `{ message, code, field? }`; no stack trace ever does. */
export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    const { status, body } = toApiError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  });
});
