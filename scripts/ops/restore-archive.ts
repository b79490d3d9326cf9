import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../apps/server/src/config';
import { prepareDataDir } from '../../apps/server/src/lib/data-dir';
import { BackupError, ENTRY, readArchive, type Manifest } from './archive';
import { connectPglite, connectPostgres, type Connection } from './connection';
import { processesUsing } from './in-use';
import { applyMigrations, knownMigrations, type Migration } from './migrations';
import { loadTables } from './table-rows';
import { someObjects, uploadToBucket } from './bucket-uploads';
import { exists } from './files';

/** The code's last migration, after checking that it knows every one the backup had. */
async function checkLevel(manifest: Manifest): Promise<Migration> {
  const known = await knownMigrations();
  const latest = known.at(-1)!;
  const same = known.find((migration) => migration.idx === manifest.migration.idx);
  if (manifest.migration.idx > latest.idx) {
    throw new BackupError(
      `This backup was made at migration ${manifest.migration.tag} (version ` +
        `${manifest.version ?? 'unknown'}), newer than this code (${latest.tag}): upgrade DevPlay first.`,
    );
  }
  if (same?.when !== manifest.migration.when) {
    throw new BackupError(
      `This backup's migration ${manifest.migration.tag} is unknown to this code`,
    );
  }
  return latest;
}

/**
 * What the restore replaces in DATA_DIR: the embedded database (if used), uploads (unless they
 * go to a bucket), the secret.
 */
const replacedEntries = (config: Config) => [
  ...(config.databaseUrl ? [] : ['db']),
  ...(config.s3 ? [] : [ENTRY.uploads]),
  ENTRY.secret,
];

async function refuseUnlessEmpty(config: Config, force: boolean) {
  const holders = await processesUsing(config.dataDir);
  if (holders.length) {
    throw new BackupError(
      `${config.dataDir} is in use by process ${holders.join(', ')} (a running server): stop it first.`,
    );
  }
  if (force) return;
  const present = await readdir(config.dataDir).catch(() => [] as string[]);
  const inTheWay = config.databaseUrl
    ? present.filter((entry) => (replacedEntries(config) as string[]).includes(entry))
    : present;
  if (inTheWay.length) {
    throw new BackupError(
      `${config.dataDir} is not empty (${inTheWay.slice(0, 5).join(', ')}): restore into an ` +
        'empty DATA_DIR, or add --force to replace what is there. Nothing was changed.',
    );
  }
  const inBucket = config.s3 ? await someObjects(config.s3) : [];
  if (inBucket.length) {
    throw new BackupError(
      `S3 bucket ${config.s3!.bucket} is not empty (${inBucket.join(', ')}, …): restore into an ` +
        'empty bucket, or add --force to replace its objects. Nothing was changed.',
    );
  }
}

async function databaseIsEmpty(connection: Connection) {
  const rows = await connection.query(
    `SELECT 1 FROM pg_tables WHERE schemaname IN ('public', 'drizzle') LIMIT 1`,
  );
  return rows.length === 0;
}

/** Builds the backup's schema, loads its rows, then migrates to this code's level: one transaction. */
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
    await loadTables(
      connection,
      rows,
      manifest.tables.map((table) => table.name),
    );
    await applyMigrations(connection, manifest.migration, latest);
    await connection.exec('COMMIT');
  } catch (error) {
    await connection.exec('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function restorePostgres(
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
    await fill(connection, manifest, latest, rows, wipe);
  } finally {
    await connection.close();
  }
}

async function restorePglite(dir: string, manifest: Manifest, latest: Migration, rows: string) {
  const connection = connectPglite(dir);
  try {
    await fill(connection, manifest, latest, rows);
  } finally {
    await connection.close();
  }
}

/**
 * Everything is built in a folder inside DATA_DIR first (same disk, so the last step is a few
 * renames); DATA_DIR's own entries are touched only once the whole restore has succeeded.
 */
export async function restore(config: Config, archive: string, force: boolean): Promise<Manifest> {
  if (!(await exists(archive))) throw new BackupError(`No such file: ${archive}`);
  await refuseUnlessEmpty(config, force);
  const hadDataDir = await exists(config.dataDir);
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(path.join(config.dataDir, '.restore-'));
  let bucket: Awaited<ReturnType<typeof uploadToBucket>> | undefined;
  let manifest: Manifest;
  try {
    const unpacked = path.join(work, 'archive');
    const next = path.join(work, 'next');
    await mkdir(unpacked);
    await mkdir(next);
    manifest = await readArchive(archive, unpacked);
    const latest = await checkLevel(manifest);
    const rows = path.join(unpacked, ENTRY.tables);
    if (config.s3) bucket = await uploadToBucket(config.s3, path.join(unpacked, ENTRY.uploads));
    if (config.databaseUrl) {
      await restorePostgres(config.databaseUrl, manifest, latest, rows, force);
    } else {
      await restorePglite(path.join(next, 'db'), manifest, latest, rows);
    }
    for (const entry of config.s3 ? [ENTRY.secret] : [ENTRY.uploads, ENTRY.secret]) {
      if (await exists(path.join(unpacked, entry))) {
        await rename(path.join(unpacked, entry), path.join(next, entry));
      }
    }
    await swapIn(config, next, path.join(work, 'old'));
    await prepareDataDir(config.dataDir);
  } catch (error) {
    // The restore's own failure is the one to report; objects left behind are unreferenced.
    await bucket?.undo().catch(() => undefined);
    if (!hadDataDir) {
      await rm(config.dataDir, { recursive: true, force: true });
    }
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  // Last, once the restore stands: until then the old objects were what the old data showed.
  if (force) await bucket?.replace();
  return manifest;
}

async function swapIn(config: Config, next: string, old: string) {
  await mkdir(old);
  for (const entry of replacedEntries(config)) {
    const target = path.join(config.dataDir, entry);
    if (await exists(target)) await rename(target, path.join(old, entry));
  }
  for (const entry of await readdir(next)) {
    await rename(path.join(next, entry), path.join(config.dataDir, entry));
  }
}
