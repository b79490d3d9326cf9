import { AUTH_MESSAGES, ERROR_CODES, type ApiError, type ErrorCode } from '@devplay/shared';
import { eq } from 'drizzle-orm';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Socket } from 'node:net';
import { users } from '../db/schema/index';
import { isDatabaseUnreachable, isForeignKeyViolation } from '../lib/db-errors';
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

/**
 * Seconds a client waits before trying again while the database cannot be reached: about what
 * a restart or a failover takes, and what health's probes (2 s) see coming back.
 */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** API.md: while the database is down, every call answers 503 (as health does), never 500. */
const UNAVAILABLE = {
  status: 503,
  body: { message: AUTH_MESSAGES.serviceUnavailable, code: ERROR_CODES.serviceUnavailable },
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
  if (isDatabaseUnreachable(error)) return UNAVAILABLE;
  const status = clientStatus(error);
  // Anything else is the server's fault, whatever status it claims; its text stays in the log.
  if (status === null || !(error instanceof Error)) return FAULT;
  if (status === 429) {
    return {
      status,
      body: { message: AUTH_MESSAGES.tooManyRequests, code: ERROR_CODES.rateLimited },
    };
  }
  // The router's text quotes the whole path back; the documented answer says only what is wrong.
  if (status === 414) {
    return { status, body: { message: AUTH_MESSAGES.pathTooLong, code: ERROR_CODES.uriTooLong } };
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

/** Node's own refusals, before Fastify sees a request (`clientErrorHandler`), by their code. */
const SOCKET_ERRORS: Record<string, { status: number; reason: string; body: ApiError }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    body: { message: AUTH_MESSAGES.headersTooLarge, code: ERROR_CODES.headersTooLarge },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    body: { message: AUTH_MESSAGES.requestTimeout, code: ERROR_CODES.requestTimeout },
  },
};
const UNREADABLE = {
  status: 400,
  reason: 'Bad Request',
  body: { message: AUTH_MESSAGES.unreadableRequest, code: ERROR_CODES.badRequest },
};

/**
 * A request Node refuses while reading it (a query string or headers over 16 KB, a malformed
 * request line) is answered on the socket in the same `{ message, code }` shape as the rest.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, reason, body } = SOCKET_ERRORS[error.code ?? ''] ?? UNREADABLE;
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

/**
 * A write that referenced a row deleted meanwhile (by another request, or on another process
 * before this one heard of it). When that row is the acting member, their session is over;
 * otherwise the thing is gone, as a read a moment later would have said.
 */
async function missingReference(
  request: FastifyRequest,
): Promise<{ status: number; body: ApiError }> {
  const member = request.user;
  if (member) {
    const [row] = await request.server.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, member.id))
      // Unknown whether the member is gone: the thing they acted on is, which is true either way.
      .catch(() => [{ id: member.id }]);
    if (!row) {
      return {
        status: 401,
        body: { message: AUTH_MESSAGES.sessionExpired, code: ERROR_CODES.unauthorized },
      };
    }
  }
  return {
    status: 404,
    body: { message: AUTH_MESSAGES.goneMeanwhile, code: ERROR_CODES.notFound },
  };
}

/** DESIGN §4: every failure leaves as `{ message, code, field? }`; no stack trace ever does. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler(async (error, request, reply) => {
      const { status, body } = isForeignKeyViolation(error)
        ? await missingReference(request)
        : toApiError(error);
      if (body.code === ERROR_CODES.serviceUnavailable) {
        // Not the server's fault: a warning while it lasts, and health says the rest.
        request.log.warn({ err: error }, 'database unreachable');
        void reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      } else if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
