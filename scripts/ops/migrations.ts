import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsFolder } from '../../apps/server/src/lib/paths';
import type { Connection } from './connection';

/** A migration as drizzle's journal lists it; `when` is what the database records of it. */
export type Migration = { idx: number; tag: string; when: number };

/** Every migration this code knows, oldest first. */
export async function knownMigrations(): Promise<Migration[]> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Migration[] };
  return journal.entries.map(({ idx, tag, when }) => ({ idx, tag, when }));
}

/** The last migration applied to a database (drizzle records each one's `when`), or null. */
export async function migrationLevel(connection: Connection): Promise<Migration | null> {
  const [table] = await connection.query(
    `SELECT 1 FROM pg_tables WHERE schemaname = 'drizzle' AND tablename = '__drizzle_migrations'`,
  );
  if (!table) return null;
  const [row] = await connection.query<{ last: string | null }>(
    'SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations',
  );
  if (!row?.last) return null;
  const found = (await knownMigrations()).find((migration) => String(migration.when) === row.last);
  if (!found)
    throw new Error(`The database's last migration (${row.last}) is unknown to this code`);
  return found;
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * Applies migrations newer than `after` up to `through` as drizzle's migrator does (the same
 * statements and the same record of each), but inside the caller's transaction: restore builds
 * the backup's schema, loads its rows and brings the schema up to date all or not at all.
 */
export async function applyMigrations(
  connection: Connection,
  after: Migration | null,
  through: Migration,
) {
  const pending = readMigrationFiles({ migrationsFolder }).filter(
    (migration: MigrationMeta) =>
      migration.folderMillis > (after?.when ?? -1) && migration.folderMillis <= through.when,
  );
  await connection.exec(
    `CREATE SCHEMA IF NOT EXISTS drizzle;
     CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations
       (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  for (const migration of pending) {
    for (const statement of migration.sql) await connection.exec(statement);
    await connection.exec(
      `INSERT INTO drizzle.__drizzle_migrations (hash, created_at)
       VALUES (${quote(migration.hash)}, ${migration.folderMillis})`,
    );
  }
}
