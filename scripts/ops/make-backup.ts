import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../../apps/server/src/config';
import { migrationsFolder } from '../../apps/server/src/lib/paths';
import { BackupError, ENTRY, writeArchive, writeManifest, type Manifest } from './archive';
import { connectPglite, connectPostgres, type Connection } from './connection';
import { processesUsing } from './in-use';
import { migrationLevel } from './migrations';
import { dumpTables } from './table-rows';
import { downloadBucket } from './bucket-uploads';
import { exists } from './files';

/** The uploads as they are archived, and how many: the bucket's objects or DATA_DIR's files. */
async function stageUploads(config: Config, stage: string) {
  if (config.s3) {
    // Fetched into the stage: the archive takes them from there as it takes DATA_DIR's.
    const dir = path.join(stage, 'bucket');
    return { dir, count: await downloadBucket(config.s3, dir) };
  }
  const dir = path.join(config.dataDir, ENTRY.uploads);
  return { dir, count: (await exists(dir)) ? (await readdir(dir)).length : 0 };
}

async function openSource(config: Config): Promise<Connection> {
  if (config.databaseUrl) return connectPostgres(config.databaseUrl);
  const dir = path.join(config.dataDir, 'db');
  if (!(await exists(dir))) {
    throw new BackupError(`No embedded database in ${dir}: is DATA_DIR (${config.dataDir}) right?`);
  }
  const holders = await processesUsing(dir);
  if (holders.length) {
    throw new BackupError(
      `The embedded database in ${dir} is in use by process ${holders.join(', ')} (a running ` +
        'server). PGlite allows one process at a time: stop the server, run the backup (it takes ' +
        'seconds), then start the server again. On PostgreSQL (DATABASE_URL) backups run live.',
    );
  }
  return connectPglite(dir);
}

async function packageVersion() {
  // apps/server/src/db/migrations lies five folders below the root, in the sources and the image.
  const file = path.resolve(migrationsFolder, '../../../../../package.json');
  const { version } = JSON.parse(await readFile(file, 'utf8')) as { version?: string };
  return version ?? null;
}

/** Reads the database in one snapshot and stages its rows; the manifest's database half. */
async function stageDatabase(config: Config, stage: string) {
  const connection = await openSource(config);
  try {
    await connection.exec('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migration = await migrationLevel(connection);
    if (!migration) throw new BackupError('The database has no DevPlay tables: nothing to back up');
    const tablesDir = path.join(stage, ENTRY.tables);
    await mkdir(tablesDir);
    const counts = await dumpTables(connection, tablesDir);
    await connection.exec('COMMIT');
    const tables = Object.entries(counts).map(([name, rows]) => ({ name, rows }));
    return { migration, database: connection.kind, tables };
  } finally {
    await connection.close();
  }
}

export async function backup(config: Config, out: string): Promise<Manifest> {
  const stage = await mkdtemp(path.join(tmpdir(), 'devplay-backup-'));
  try {
    const createdAt = new Date().toISOString();
    const database = await stageDatabase(config, stage);
    const { dir: uploadsDir, count: uploads } = await stageUploads(config, stage);
    const secretFile = path.join(config.dataDir, ENTRY.secret);
    const secret = await exists(secretFile);
    if (secret) await copyFile(secretFile, path.join(stage, ENTRY.secret));
    const manifest: Manifest = {
      format: 1,
      version: await packageVersion(),
      createdAt,
      ...database,
      uploads,
      secret,
    };
    await writeManifest(stage, manifest);
    await writeArchive(stage, uploads ? uploadsDir : null, out);
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
