import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * PGlite is PostgreSQL without its background processes, autovacuum among them: left alone, its
 * tables keep every row version an update or a delete leaves behind (a like moves its post's
 * counts, a read message its inbox), and the planner never learns how large they are or what
 * they hold. This vacuums and analyzes each table of the schema, one statement per table, so
 * requests take turns with it between tables rather than wait for all of them. Answers the
 * tables done.
 */
export async function tidyTables(db: Db): Promise<number> {
  const { rows } = (await db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  for (const { tablename } of rows) {
    await db.execute(sql`vacuum (analyze) ${sql.identifier(tablename)}`);
  }
  return rows.length;
}
