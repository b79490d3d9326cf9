import { sql } from 'drizzle-orm';
import type { Cursor } from '../lib/cursor';
import type { Db } from './client';
import { perDatabase } from './per-database';

type Preparable<Rows> = {
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Rows> };
};

/**
 * A hot statement, built and prepared by name once per database (a transaction counts
 * as one): each pooled connection parses and plans it once, then only binds values to it. Through
 * drizzle's query builder, whose `prepare` is its public way to name a statement (raw SQL goes in
 * as its `with` parts, fields and `from`): the driver itself would skip drizzle's query log and a
 * caller's transaction.
 */
export function prepared<Rows>(name: string, build: (db: Db) => Preparable<Rows>) {
  const statementOf = perDatabase((db) => build(db).prepare(name));
  return (db: Db, values: Record<string, unknown>) => statementOf(db).execute(values);
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

/**
 * A page statement in its two shapes, from the top and after a cursor, each prepared once per
 * database; the caller gets the one its cursor asks for.
 */
export function pageShapes<Statement>(prepare: (db: Db, afterACursor: boolean) => Statement) {
  const shapes = perDatabase((db) => [prepare(db, false), prepare(db, true)] as const);
  return (db: Db, cursor: Cursor | null) => shapes(db)[cursor ? 1 : 0];
}
