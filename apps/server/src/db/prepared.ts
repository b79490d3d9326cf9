import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * A hot raw statement (issue 14), built once when its module loads and prepared by name: each
 * pooled connection parses and plans it once, then only binds values to it.
 */
export function prepared<Values extends Record<string, unknown>, Row>(
  name: string,
  statement: SQL,
) {
  const query = new PgDialect().sqlToQuery(statement);
  return async (db: Db, values: Values) => {
    // Both drivers answer a statement without a drizzle selection with `{ rows }`.
    const result = (await db._.session
      .prepareQuery(query, undefined, name, false)
      .execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
