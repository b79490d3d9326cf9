import { AUTH_MESSAGES } from '@devplay/shared';
import { ApiRequestError } from './api-client';

/** SPEC §8: the response message, then the error's own message, then 'Server error'. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.serverMessage) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return AUTH_MESSAGES.serverError;
}

/**
 * The per-form reading of SPEC §8: the server's message when it sent one, else the form's own
 * fallback, and a separate text when no response arrived at all.
 */
export function getFormErrorMessage(
  error: unknown,
  fallbacks: { server: string; network: string },
): string {
  if (error instanceof ApiRequestError) {
    if (error.serverMessage) return error.serverMessage;
    return error.isNetworkError ? fallbacks.network : fallbacks.server;
  }
  return fallbacks.network;
}

/** The input a server error names (DESIGN §4 `field`), when it is one of this form's. */
export function errorField<F extends string>(error: unknown, fields: readonly F[]): F | undefined {
  const field = error instanceof ApiRequestError ? error.field : undefined;
  return fields.find((candidate) => candidate === field);
}
