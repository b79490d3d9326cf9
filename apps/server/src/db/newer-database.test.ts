import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../lib/paths';
import { openTestDatabase, rowsOf } from '../test/database';
import { openDatabase } from './client';

/** The build's last migration, and a later one as a newer release would have recorded it. */
async function levels() {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { tag: string; when: number }[] };
  const last = journal.entries.at(-1)!;
  return {
    known: journal.entries.length,
    last: last.tag,
    // 2 days after this build's last: the message names the date.
    newer: `insert into drizzle.__drizzle_migrations (hash, created_at)
      values ('from-a-newer-release', ${last.when + 2 * 86_400_000})`,
    newerDate: new Date(last.when + 2 * 86_400_000).toISOString().slice(0, 10),
  };
}

/** The refusal names both levels and the way back. */
async function expectRefusal(opening: Promise<unknown>) {
  const { known, last, newerDate } = await levels();
  const error = await opening.then(
    () => new Error('it started'),
    (caught: unknown) => caught as Error,
  );
  expect(error.name).toBe('NewerDatabaseError');
  expect(error.message).toContain(`it has ${known + 1} migrations applied, 1 of them unknown here`);
  expect(error.message).toContain(`(the newest written ${newerDate})`);
  expect(error.message).toContain(`this build knows ${known}, up to ${last}`);
  expect(error.message).toContain('the backup taken before the upgrade');
  expect(error.message).toContain('npm run restore -- <backup.tar.gz> --force');
}

/** Opens the database anew as a starting server does, given SQL to run on it first (or none). */
type Opening = (before: string | null) => Promise<unknown>;
type Kind = {
  name: string;
  run: boolean;
  withCopy: (check: (open: Opening) => Promise<unknown>) => Promise<void>;
};

/** A copy of the run's migrated database, opened as a server opens it after `before` ran. */
const KINDS: Kind[] = [
  {
    name: 'PostgreSQL',
    run: process.env.TEST_DB === 'postgres',
    async withCopy(check) {
      const database = await openTestDatabase();
      try {
        const [row] = await rowsOf<{ name: string }>(
          database.db,
          sql`select current_database() as name`,
        );
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${row!.name}`;
        await check(async (before) => {
          if (before) await database.db.execute(sql.raw(before));
          const opened = await openDatabase({ url: url.toString() });
          await opened.close();
        });
      } finally {
        await database.close();
      }
    },
  },
  {
    name: 'PGlite',
    run: process.env.TEST_DB !== 'postgres',
    async withCopy(check) {
      const folder = await mkdtemp(path.join(tmpdir(), 'devplay-newer-'));
      const dir = path.join(folder, 'db');
      try {
        // On disk, as a server's DATA_DIR holds it.
        const template = await readFile(inject('pgliteTemplate')!);
        await check(async (before) => {
          const client = await PGlite.create(dir, { loadDataDir: new Blob([template]) });
          if (before) await client.exec(before);
          await client.close();
          const opened = await openDatabase({ pgliteDir: dir });
          await opened.close();
        });
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  },
];

describe.each(KINDS)('a build starting on $name', ({ run, withCopy }) => {
  it.runIf(run)('refuses a database a newer release migrated, saying what to do', async () => {
    await withCopy(async (open) => expectRefusal(open((await levels()).newer)));
  });

  it.runIf(run)('starts on a database at its own level', async () => {
    await withCopy((open) => open(null));
  });
});
