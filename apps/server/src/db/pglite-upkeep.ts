import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** The app's tables, each name quoted as an identifier; not PostgreSQL's own catalogs. */
export const APP_TABLES =
  "select format('%I', tablename) as name from pg_tables where schemaname = 'public' order by 1";
export type AppTable = { name: string };

/**
 * PGlite is PostgreSQL without its background processes, autovacuum among them: left alone, its
 * tables keep every row version an update or a delete leaves behind (a like moves its post's
 * counts, a read message its inbox), and the planner never learns how large they are or what
 * they hold. This vacuums and analyzes each table of the schema, one statement per table, so
 * requests take turns with it between tables rather than wait for all of them. Answers the
 * tables done.
 */
export async function tidyTables(db: Db): Promise<number> {
  const { rows } = (await db.execute(sql.raw(APP_TABLES))) as unknown as { rows: AppTable[] };
  for (const { name } of rows) {
    await db.execute(sql.raw(`vacuum (analyze) ${name}`));
  }
  return rows.length;
}
