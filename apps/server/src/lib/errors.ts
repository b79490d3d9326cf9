import { AUTH_MESSAGES, ERROR_CODES, SAFETY_MESSAGES, type ErrorCode } from '@devplay/shared';

/** A failure a client caused or may act on; the error handler turns it into DESIGN §4's body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (
  message: string,
  code: ErrorCode = ERROR_CODES.validation,
  field?: string,
) => new AppError(400, code, message, field);
export const unauthorized = (message: string, code: ErrorCode = ERROR_CODES.unauthorized) =>
  new AppError(401, code, message);
export const forbidden = (message: string, code: ErrorCode = ERROR_CODES.forbidden) =>
  new AppError(403, code, message);
/** 403: either member blocks the other, so neither may act on the other (API.md "Safety."). */
export const blockedPair = () => forbidden(SAFETY_MESSAGES.blocked, ERROR_CODES.blocked);
export const notFound = (message = 'Not found') => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string, code: ErrorCode, field?: string) =>
  new AppError(409, code, message, field);
/** 429: a limit on requests or on what a member may do in a window was reached. */
export const tooManyRequests = (message: string = AUTH_MESSAGES.tooManyRequests) =>
  new AppError(429, ERROR_CODES.rateLimited, message);
/**
 * An admin-only policy's answer (packages/shared policies), enforced: 403 when it says no. The
 * routes' requireAdmin guard turns members away first; the policy the web asks too has the last
 * word in the service.
 */
export function enforceAdminPolicy(allowed: boolean) {
  if (!allowed) throw forbidden(AUTH_MESSAGES.adminsOnly);
}
