import path from 'node:path';
import { BackupError } from './archive';
import { plural, runCli } from './cli';
import { restore } from './restore-archive';

const USAGE = `Usage: npm run restore -- <archive> [--force]

Brings back a backup made by \`npm run backup\`: the database's rows, the uploaded images and
the generated secret (sessions carry on). It reads DATA_DIR, DATABASE_URL and S3_* as the server
does, so a backup of the embedded database restored with DATABASE_URL set moves it to
PostgreSQL, and one restored with S3_BUCKET set puts the images in the bucket.

It restores into an empty DATA_DIR (a missing or empty folder) or, with DATABASE_URL, an empty
database and a DATA_DIR without uploads or secret; with S3_BUCKET the bucket must be empty too.
Anything else is refused and left as it was.
A backup from an older version is brought up to date; one from a newer version is refused.

  --force  replace the database, the uploads and the secret that are there
  --help   this text

Stop the server first: restore replaces what it would be reading.`;

await runCli(USAGE, { force: { type: 'boolean' } }, async (config, { values, positionals }) => {
  if (positionals.length !== 1) {
    throw new BackupError(`Name one backup archive to restore.\n\n${USAGE}`);
  }
  const archive = path.resolve(positionals[0]!);
  const started = performance.now();
  const { manifest, rows, files } = await restore(config, archive, values.force === true);
  const uploadsTo = config.s3 ? `into S3 bucket ${config.s3.bucket}` : 'written';
  console.log(
    `Restored ${archive} (made ${manifest.createdAt}, migration ${manifest.migration.tag}) into ` +
      `${config.databaseUrl ? 'PostgreSQL' : config.dataDir}: ${plural(rows, 'row')} loaded, ` +
      `${plural(files, 'upload')} ${uploadsTo}, ${Math.round(performance.now() - started)} ms`,
  );
});
