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
