import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder } from '../lib/paths';

/** What start-up says while the database is prepared, one line at a time. */
export type ProgressListener = (line: string) => void;

type Query = (sql: string) => Promise<{ rows: unknown[] }>;

/**
 * How many of the shipped migrations the database has not applied yet: drizzle's own table of
 * applied migrations against the journal. A database without that table has applied none.
 */
async function pendingMigrations(query: Query): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  const applied = await query('select count(*)::int as n from drizzle.__drizzle_migrations').then(
    ({ rows }) => (rows[0] as { n: number }).n,
    () => 0,
  );
  return Math.max(0, journal.entries.length - applied);
}

/** Runs `migrate` and says what it does when there is anything to do. */
export async function migrateWithProgress(
  query: Query,
  migrate: () => Promise<void>,
  progress?: ProgressListener,
) {
  const pending = progress ? await pendingMigrations(query) : 0;
  if (pending > 0) progress?.(`Applying migrations (${pending})…`);
  await migrate();
}
