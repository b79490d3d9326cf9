import { stat } from 'node:fs/promises';
import path from 'node:path';
import { BackupError } from './archive';
import { plural, runCli } from './cli';
import { backup } from './make-backup';

const USAGE = `Usage: npm run backup -- [--out <file>]

Writes one archive (.tar.gz) of this DevPlay: the database's rows, the uploaded images (from
the bucket when S3_BUCKET is set) and the secret generated into DATA_DIR, with manifest.json
(version, migration level, createdAt). It reads DATA_DIR, DATABASE_URL and S3_* as the server does.

  --out <file>  where to write it (default: backups/devplay-<date>.tar.gz, printed at the end)
  --help        this text

It runs beside a running server: on PostgreSQL it reads one consistent snapshot; the embedded
database (PGlite) belongs to the server's process, so the backup asks that server for a copy
(through DATA_DIR/backup.sock) and members carry on meanwhile.`;

const defaultOut = () =>
  path.resolve('backups', `devplay-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);

await runCli(
  USAGE,
  { out: { type: 'string', short: 'o' } },
  async (config, { values, positionals }) => {
    if (positionals.length)
      throw new BackupError(`Unexpected argument: ${positionals[0]}\n\n${USAGE}`);
    const out = path.resolve(typeof values.out === 'string' ? values.out : defaultOut());
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
  },
);
