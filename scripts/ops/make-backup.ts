import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../../apps/server/src/config';
import { migrationsFolder } from '../../apps/server/src/lib/paths';
import { BACKUP_LOCK_ID } from '../../apps/server/src/plugins/held-deletions';
import { BackupError, ENTRY, writeArchive, type Manifest } from './archive';
import { connectPglite, connectPostgres, type Connection } from './connection';
import { exists } from './files';
import { processesUsing } from './in-use';
import { migrationLevel } from './migrations';
import { askRunningServer } from './server-copy';
import { stageUploads, type BackupSteps } from './stage-uploads';
import { dumpTables } from './table-rows';

/** The database to read, open until every file has been read too. */
type Source = { connection: Connection; close: () => Promise<void> };

async function openPostgres(url: string): Promise<Source> {
  const connection = await connectPostgres(url);
  try {
    // Taken before the snapshot and held until the last file is read: meanwhile servers keep
    // the files of rows deleted after the snapshot (plugins/held-deletions.ts). Backups take
    // turns on it.
    await connection.query('SELECT pg_advisory_lock($1)', [BACKUP_LOCK_ID]);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return { connection, close: () => connection.close() };
}

async function openEmbedded(dataDir: string): Promise<Source> {
  const dir = path.join(dataDir, 'db');
  if (!(await exists(dir))) {
    throw new BackupError(`No embedded database in ${dir}: is DATA_DIR (${dataDir}) right?`);
  }
  // PGlite's files belong to the running server: it copies them, and holds deletions meanwhile.
  const copy = await askRunningServer(dataDir);
  if (copy) {
    const connection = connectPglite(copy.dir);
    return { connection, close: () => connection.close().finally(copy.done) };
  }
  const holders = await processesUsing(dir);
  if (holders.length) {
    throw new BackupError(
      `The embedded database in ${dir} is in use by process ${holders.join(', ')} (a running ` +
        'server) that does not answer backups (a version before they could run live, or not ' +
        'a DevPlay server): stop it, run the backup, then start it again.',
    );
  }
  const connection = connectPglite(dir);
  return { connection, close: () => connection.close() };
}

const openSource = (config: Config) =>
  config.databaseUrl ? openPostgres(config.databaseUrl) : openEmbedded(config.dataDir);

async function packageVersion() {
  // apps/server/src/db/migrations lies five folders below the root, in the sources and the image.
  const file = path.resolve(migrationsFolder, '../../../../../package.json');
  const { version } = JSON.parse(await readFile(file, 'utf8')) as { version?: string };
  return version ?? null;
}

/** Reads the database in one snapshot and stages its rows; the manifest's database half. */
async function stageDatabase(connection: Connection, stage: string) {
  await connection.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const migration = await migrationLevel(connection);
  if (!migration) throw new BackupError('The database has no DevPlay tables: nothing to back up');
  const tablesDir = path.join(stage, ENTRY.tables);
  await mkdir(tablesDir);
  const counts = await dumpTables(connection, tablesDir);
  await connection.exec('COMMIT');
  const tables = Object.entries(counts).map(([name, rows]) => ({ name, rows }));
  return { migration, database: connection.kind, tables };
}

/**
 * The rows first, in one snapshot, then the files they name: a file is deleted only after its
 * row, so every file the snapshot names is still there, as long as deletions wait for the backup
 * (they do while the source is open).
 */
async function stageData(config: Config, stage: string, steps: BackupSteps) {
  const source = await openSource(config);
  try {
    const database = await stageDatabase(source.connection, stage);
    return { database, uploads: await stageUploads(config, stage, steps) };
  } finally {
    await source.close();
  }
}

/**
 * The stage lies in DATA_DIR where there is one: on the uploads' disk, so that they are linked
 * into it rather than copied.
 */
const makeStage = async (config: Config) =>
  mkdtemp(path.join((await exists(config.dataDir)) ? config.dataDir : tmpdir(), '.backup-'));

/** Writes the archive to `out`; `steps` lets tests act between the backup's steps. */
export async function backup(
  config: Config,
  out: string,
  steps: BackupSteps = {},
): Promise<Manifest> {
  const stage = await makeStage(config);
  try {
    const createdAt = new Date().toISOString();
    const { database, uploads } = await stageData(config, stage, steps);
    const [secret, vapidKeys] = await Promise.all(
      [ENTRY.secret, ENTRY.vapidKeys].map(async (entry) => {
        const file = path.join(config.dataDir, entry);
        if (!(await exists(file))) return false;
        await copyFile(file, path.join(stage, entry));
        return true;
      }),
    );
    const manifest: Manifest = {
      format: 1,
      version: await packageVersion(),
      createdAt,
      ...database,
      uploads: uploads.count,
      secret: secret!,
      vapidKeys: vapidKeys!,
      skippedFiles: uploads.skipped,
    };
    await writeArchive(stage, manifest, out);
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
