import { AUTH_MESSAGES, ERROR_CODES, type ApiError, type ErrorCode } from '@devplay/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.rateLimited,
};

const FAULT = {
  status: 500,
  body: { message: AUTH_MESSAGES.serverError, code: ERROR_CODES.internal },
} as const;

/** The 4xx an error from Fastify or a plugin carries (`status` as http-errors spell it), if any. */
function clientStatus(error: unknown): number | null {
  const { statusCode, status } = error as { statusCode?: unknown; status?: unknown };
  const value = statusCode ?? status;
  return typeof value === 'number' && value >= 400 && value < 500 ? value : null;
}

function toApiError(error: unknown): { status: number; body: ApiError } {
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
  const status = clientStatus(error);
  // Anything else is the server's fault, whatever status it claims; its text stays in the log.
  if (status === null || !(error instanceof Error)) return FAULT;
  if (status === 429) {
    return {
      status,
      body: { message: AUTH_MESSAGES.tooManyRequests, code: ERROR_CODES.rateLimited },
    };
  }
  // Fastify's and its plugins' client errors (malformed JSON, wrong content type, body too large)
  // are written for the client; only their code is theirs, so a stable one replaces it.
  return {
    status,
    body: { message: error.message, code: CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest },
  };
}

/**
 * Fastify's `frameworkErrors`: a broken percent-encoding or an over-long path parameter is
 * answered before any route runs, so the error handler never sees it; the body is the same.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, body } = toApiError(error);
  void reply.status(status).send(body);
}

/** DESIGN §4: every failure leaves as `{ message, code, field? }`; no stack trace ever does. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error, request, reply) => {
      const { status, body } = toApiError(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
