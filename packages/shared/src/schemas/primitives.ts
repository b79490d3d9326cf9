import { z } from 'zod';
import { LIMITS } from '../constants';
import { ID_MESSAGE, NUL_MESSAGE } from './primitives-texts';

/**
 * A whole number written in a URL (a path or query parameter) or a form field: decimal digits
 * only, then `schema`'s bounds. No sign, space, fraction, exponent or other base, and nothing
 * but a string or a number: `z.coerce` took `true` for 1, `[4]` for 4, `0x10` for 16 and ` +4.0`
 * for 4. A number passes as it is, for the web's forms that read these schemas too; the API
 * description shows `schema` (an integer and its bounds), and a default given with `.prefault()`
 * (`.default()` on the result parses the same but is left out of the description).
 */
export const fromDigits = <S extends z.ZodNumber>(schema: S) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
    schema,
  );

const idNumber = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(LIMITS.idMax, ID_MESSAGE);

/**
 * DESIGN §7: every id is refused here unless int4 can hold it. In a JSON body an id is a JSON
 * integer, never a string or anything else that reads as one.
 */
export const idSchema = idNumber;

/** An id in a path or a query: decimal digits (`fromDigits`), from 1 to int4's largest. */
export const urlIdSchema = fromDigits(idNumber);

/**
 * The start of every string a client sends. PostgreSQL text cannot hold U+0000 (the query fails),
 * so DESIGN §7 refuses it at the schema; the check aborts, and callers chain their own after it.
 */
export const textInput = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !value.includes('\u0000'), {
    error: NUL_MESSAGE,
    abort: true,
  });
