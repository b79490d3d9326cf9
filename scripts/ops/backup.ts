import { stat } from 'node:fs/promises';
import path from 'node:path';
import { archiveName, keepNewest } from '../../apps/server/src/features/backup/archives';
import { BackupError } from './archive';
import { plural, runCli } from './cli';
import { backup } from './make-backup';

const USAGE = `Usage: npm run backup -- [--out <file> | --dir <folder> [--keep <n>]]

Writes one archive (.tar.gz) of this DevPlay: the database's rows, the uploaded images (from
the bucket when S3_BUCKET is set) and the secret generated into DATA_DIR, with manifest.json
(version, migration level, createdAt). It reads DATA_DIR, DATABASE_URL and S3_* as the server does.

  --out <file>    where to write it
  --dir <folder>  write it into this folder as devplay-<date>.tar.gz (default: backups)
  --keep <n>      then delete all but the newest n archives named so in that folder
  --help          this text

It runs beside a running server: on PostgreSQL it reads one consistent snapshot; the embedded
database (PGlite) belongs to the server's process, so the backup asks that server for a copy
(through DATA_DIR/backup.sock) and members carry on meanwhile.`;

/** Where to write, and how many archives of the folder to keep afterwards (all: undefined). */
function target(values: Record<string, string | boolean | undefined>) {
  const { out, dir, keep } = values as Record<string, string | undefined>;
  if (out !== undefined && (dir !== undefined || keep !== undefined)) {
    throw new BackupError(`--out names the archive itself: use --dir with --keep.\n\n${USAGE}`);
  }
  if (keep !== undefined && !/^[1-9]\d{0,3}$/.test(keep)) {
    throw new BackupError(`--keep wants a number of archives from 1 to 9999, not "${keep}"`);
  }
  if (out !== undefined) return { out: path.resolve(out) };
  const folder = path.resolve(dir ?? 'backups');
  return { out: path.join(folder, archiveName()), folder, keep: keep && Number(keep) };
}

await runCli(
  USAGE,
  {
    out: { type: 'string', short: 'o' },
    dir: { type: 'string' },
    keep: { type: 'string' },
  },
  async (config, { values, positionals }) => {
    if (positionals.length)
      throw new BackupError(`Unexpected argument: ${positionals[0]}\n\n${USAGE}`);
    const { out, folder, keep } = target(values);
    const started = performance.now();
    const manifest = await backup(config, out);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const size = (await stat(out)).size;
    console.log(
      `Backup written to ${out} (${manifest.database}, migration ${manifest.migration.tag}, ` +
        `${plural(rows, 'row')}, ${plural(manifest.uploads, 'upload')}, ` +
        `${(size / 1024 / 1024).toFixed(1)} MB, ${Math.round(performance.now() - started)} ms)`,
    );
    for (const { name, reason } of manifest.skippedFiles ?? []) {
      console.log(`Left out uploads/${name}: ${reason}`);
    }
    if (folder && keep) {
      for (const name of await keepNewest(folder, keep)) {
        console.log(`Deleted ${name}: ${folder} keeps the newest ${plural(keep, 'archive')}`);
      }
    }
  },
);
