import { SHELL_MESSAGES } from '@devplay/shared';
import { ApiRequestError } from './api-client';

/** SPEC §8: the response message, then the error's own message, then 'Server error'. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.serverMessage) return error.serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return SHELL_MESSAGES.serverError;
}

/** A form's own words for a failure the server did not explain (SPEC §8 names them per form). */
export interface FormErrorTexts {
  server: string;
  network: string;
}

const isRateLimit = (error: unknown) => error instanceof ApiRequestError && error.status === 429;

/**
 * The per-form reading of SPEC §8: the server's message when it sent one, else the form's own
 * fallback, and a separate text when no response arrived at all. A rate limit without a message
 * still says what it is, so nobody retries at once.
 */
export function getFormErrorMessage(error: unknown, fallbacks: FormErrorTexts): string {
  if (error instanceof ApiRequestError) {
    if (error.serverMessage) return error.serverMessage;
    if (isRateLimit(error)) return SHELL_MESSAGES.tooManyRequests;
    return error.isNetworkError ? fallbacks.network : fallbacks.server;
  }
  return fallbacks.network;
}

/** Where a failed submit shows its text: under one of the form's inputs, or in its banner. */
export type FormProblem<F extends string> = { field: F; message: string } | { banner: string };

/**
 * The inputs a server error may name (DESIGN §4 `field`): a list when the form uses the API's
 * names, a map when it names an input differently (the API's `userName` is the `recipient`).
 */
export type ServerFields<F extends string> = readonly F[] | Readonly<Record<string, F>>;

function fieldOf<F extends string>(error: unknown, fields: ServerFields<F>): F | undefined {
  const field = error instanceof ApiRequestError ? error.field : undefined;
  if (!field) return undefined;
  if (Array.isArray(fields)) return (fields as readonly F[]).find((name) => name === field);
  return Object.hasOwn(fields, field) ? (fields as Record<string, F>)[field] : undefined;
}

/** A rate limit always goes to the banner: it is about the whole form, not the field it names. */
export function formProblem<F extends string>(
  error: unknown,
  fields: ServerFields<F>,
  texts: FormErrorTexts,
): FormProblem<F> {
  const message = getFormErrorMessage(error, texts);
  const field = isRateLimit(error) ? undefined : fieldOf(error, fields);
  return field ? { field, message } : { banner: message };
}
