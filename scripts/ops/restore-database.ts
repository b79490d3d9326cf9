import { BackupError, type Manifest } from './archive';
import { connectPglite, connectPostgres, tablesInLoadOrder, type Connection } from './connection';
import { applyMigrations, type Migration } from './migrations';
import { loadTables } from './table-rows';

async function databaseIsEmpty(connection: Connection) {
  const rows = await connection.query(
    `SELECT 1 FROM pg_tables WHERE schemaname IN ('public', 'drizzle') LIMIT 1`,
  );
  return rows.length === 0;
}

/**
 * The manifest must list exactly the tables the migrations up to the backup's level made: its
 * names reach TRUNCATE and DISABLE TRIGGER, which would take a system catalog as readily, and a
 * backup holds every table.
 */
async function checkTables(connection: Connection, manifest: Manifest) {
  const ours = await tablesInLoadOrder(connection);
  const listed = manifest.tables.map((table) => table.name);
  const foreign = listed.filter((name) => !ours.includes(name));
  const missing = ours.filter((name) => !listed.includes(name));
  const at = `DevPlay's tables at migration ${manifest.migration.tag}`;
  const refusal = foreign.length
    ? `manifest.json lists ${foreign.slice(0, 5).join(', ')}, which ${at} do not include`
    : missing.length
      ? `manifest.json leaves out ${missing.slice(0, 5).join(', ')} of ${at}`
      : null;
  if (refusal) {
    throw new BackupError(
      `${refusal}: the archive was refused before any row was touched. Nothing was changed.`,
    );
  }
}

/**
 * Builds the backup's schema, loads its rows, then migrates to this code's level: one
 * transaction. Answers the rows the tables held once loaded.
 */
async function fill(
  connection: Connection,
  manifest: Manifest,
  latest: Migration,
  rows: string,
  first = '',
) {
  await connection.exec(`BEGIN; ${first}`);
  try {
    await applyMigrations(connection, null, manifest.migration);
    await checkTables(connection, manifest);
    const counts = await loadTables(
      connection,
      rows,
      manifest.tables.map((table) => table.name),
    );
    await applyMigrations(connection, manifest.migration, latest);
    await connection.exec('COMMIT');
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  } catch (error) {
    await connection.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

export async function restorePostgres(
  url: string,
  manifest: Manifest,
  latest: Migration,
  rows: string,
  force: boolean,
) {
  const connection = await connectPostgres(url);
  try {
    if (!force && !(await databaseIsEmpty(connection))) {
      throw new BackupError(
        'The database at DATABASE_URL is not empty: restore into an empty database, or add ' +
          '--force to replace it. Nothing was changed.',
      );
    }
    // Dropped inside the same transaction as the load: a failure leaves the old data in place.
    const wipe = force
      ? 'DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;'
      : '';
    return await fill(connection, manifest, latest, rows, wipe);
  } finally {
    await connection.close();
  }
}

export async function restorePglite(
  dir: string,
  manifest: Manifest,
  latest: Migration,
  rows: string,
) {
  const connection = connectPglite(dir);
  try {
    return await fill(connection, manifest, latest, rows);
  } finally {
    await connection.close();
  }
}
