import { DrizzleQueryError } from 'drizzle-orm';
import { pgError } from './db-errors';

type LoggedError = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  statusCode?: number;
  cause?: LoggedError;
};

/**
 * The log's `err` serializer. A failed query carries what the client sent (message texts, notes):
 * drizzle keeps the parameters in `params` and writes them into its message, and PostgreSQL's
 * `detail` quotes row values. Kept: what locates the fault (SQL text, SQLSTATE, constraint, stack).
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  // pino hands over whatever was logged under `err`.
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const message =
    error instanceof DrizzleQueryError ? `Failed query: ${error.query}` : error.message;
  const stack = error.stack ?? '';
  const framesAt = stack.indexOf('\n    at ');
  const logged: LoggedError = {
    type: error.constructor.name,
    message,
    stack: `${error.name}: ${message}${framesAt < 0 ? '' : stack.slice(framesAt)}`,
  };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const pg = pgError(error);
  if (pg) {
    logged.code = pg.code;
    if (pg.constraint) logged.constraint = pg.constraint;
  } else if (typeof code === 'string') {
    logged.code = code;
  }
  if (typeof statusCode === 'number') logged.statusCode = statusCode;
  // Bounded: a cause chain can loop.
  if (error.cause !== undefined && depth < 5) logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}
