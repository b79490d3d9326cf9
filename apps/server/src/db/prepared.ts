import { sql, type SQL } from 'drizzle-orm';
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

/** A statement's parameter that carries one column of a batch, as an array of `type`. */
export const columnPlaceholder = (name: string, type: string) =>
  sql`${sql.placeholder(name)}::${sql.raw(type)}[]`;

/** A batch of rows as such a statement takes it: one array per key, in the batch's order. */
export function columnsOf<Row, Key extends keyof Row>(rows: readonly Row[], keys: readonly Key[]) {
  return Object.fromEntries(keys.map((key) => [key, rows.map((row) => row[key])])) as {
    [K in Key]: Row[K][];
  };
}
