import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../apps/server/src/config';
import { prepareDataDir } from '../../apps/server/src/lib/data-dir';
import { BackupError, ENTRY, type Manifest } from './archive';
import { someObjects, uploadToBucket } from './bucket-uploads';
import { exists } from './files';
import { processesUsing } from './in-use';
import { knownMigrations, type Migration } from './migrations';
import { checkArchive, unpackArchive } from './read-archive';
import { restorePglite, restorePostgres } from './restore-database';

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
 * go to a bucket), the secret and the push key pair.
 */
const replacedEntries = (config: Config) => [
  ...(config.databaseUrl ? [] : ['db']),
  ...(config.s3 ? [] : [ENTRY.uploads]),
  ENTRY.secret,
  ENTRY.vapidKeys,
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

/** What a restore brought back: rows counted once loaded, upload files written. */
export type Restored = { manifest: Manifest; rows: number; files: number };

/**
 * Checks the whole archive first, writing nothing. Everything is then built in a folder inside
 * DATA_DIR (same disk, so the last step is a few renames); DATA_DIR's own entries are touched
 * only once the whole restore has succeeded, and the folder goes whatever happens.
 */
export async function restore(config: Config, archive: string, force: boolean): Promise<Restored> {
  if (!(await exists(archive))) throw new BackupError(`No such file: ${archive}`);
  const manifest = await checkArchive(archive);
  const latest = await checkLevel(manifest);
  await refuseUnlessEmpty(config, force);
  const hadDataDir = await exists(config.dataDir);
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  let work: string | undefined;
  let bucket: Awaited<ReturnType<typeof uploadToBucket>> | undefined;
  let restored: Restored;
  try {
    work = await mkdtemp(path.join(config.dataDir, '.restore-'));
    const unpacked = path.join(work, 'archive');
    const next = path.join(work, 'next');
    await mkdir(unpacked);
    await mkdir(next);
    await unpackArchive(archive, unpacked);
    const uploads = path.join(unpacked, ENTRY.uploads);
    const files = (await exists(uploads)) ? (await readdir(uploads)).length : 0;
    const tables = path.join(unpacked, ENTRY.tables);
    if (config.s3) bucket = await uploadToBucket(config.s3, uploads);
    const rows = config.databaseUrl
      ? await restorePostgres(config.databaseUrl, manifest, latest, tables, force)
      : await restorePglite(path.join(next, 'db'), manifest, latest, tables);
    const kept = [ENTRY.secret, ENTRY.vapidKeys];
    for (const entry of config.s3 ? kept : [ENTRY.uploads, ...kept]) {
      if (await exists(path.join(unpacked, entry))) {
        await rename(path.join(unpacked, entry), path.join(next, entry));
      }
    }
    await swapIn(config, next, path.join(work, 'old'));
    await prepareDataDir(config.dataDir);
    restored = { manifest, rows, files };
  } catch (error) {
    // The restore's own failure is the one to report; objects left behind are unreferenced.
    await bucket?.undo().catch(() => undefined);
    if (!hadDataDir)
      await rm(config.dataDir, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  } finally {
    if (work) await rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
  // Last, once the restore stands: until then the old objects were what the old data showed.
  if (force) await bucket?.replace();
  return restored;
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
