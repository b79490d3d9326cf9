import { z } from 'zod';
import { LIMITS } from '../constants';
import { ID_MESSAGE, NUL_MESSAGE } from './primitives-texts';

/** DESIGN §7: every id, in a path, a query or a body, is refused here unless int4 can hold it. */
export const idSchema = z.coerce
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(LIMITS.idMax, ID_MESSAGE);

/**
 * The start of every string a client sends. PostgreSQL text cannot hold U+0000 (the query fails),
 * so DESIGN §7 refuses it at the schema; the check aborts, and callers chain their own after it.
 */
export const textInput = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !value.includes('\u0000'), {
    error: NUL_MESSAGE,
    abort: true,
  });
