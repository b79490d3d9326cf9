/** The SQLSTATE and constraint of a database error, whichever driver raised and wrapped it. */
export function pgError(error: unknown): { code: string; constraint: string } | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : '' };
    }
  }
  return null;
}

/** The constraint a unique violation (23505) hit, or null for any other error. */
export function violatedUniqueConstraint(error: unknown): string | null {
  const pg = pgError(error);
  return pg?.code === '23505' ? pg.constraint : null;
}

/** True when a row referenced something that is gone (23503), e.g. a post deleted meanwhile. */
export const isForeignKeyViolation = (error: unknown) => pgError(error)?.code === '23503';

/**
 * For `.catch()` on a write that references another row: that row vanished meanwhile (a post or
 * member deleted), so the answer is the 404 a read would have given. The error is made only then:
 * an Error captures its stack, a cost every like would pay otherwise.
 */
export const missingReferenceAs = (answer: () => Error) => (error: unknown) => {
  throw isForeignKeyViolation(error) ? answer() : error;
};

/**
 * Node's codes for a server that cannot be reached, and PostgreSQL's for one that will not take
 * the statement now: shutting down, starting up, out of connections (`08…`, the connection
 * exceptions, are matched by class).
 */
const UNREACHABLE_CODES = new Set([
  ...['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE'],
  ...['ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300'],
]);

/**
 * What node-postgres, its pool and PGlite say when no connection can be had, or the one in use
 * went: these carry no code.
 */
const UNREACHABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Cannot use a pool after calling end|Client has encountered a connection error|PGlite is closed/;

/**
 * True when the statement failed because the database could not be reached (refused, dropped,
 * timed out, closed), not because of the statement: the request may succeed once it is back.
 * The text is read only from the error at the end of the chain, the driver's own: drizzle's
 * wrapper quotes the statement and its parameters, which may say anything.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (!cause && typeof message === 'string' && UNREACHABLE_TEXT.test(message)) return true;
  }
  return false;
}
