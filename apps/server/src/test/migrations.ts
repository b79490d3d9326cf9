import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { migrationsFolder } from '../lib/paths';

/** The migrations as they stood before the one that matches `tag`, in a folder of their own. */
async function migrationsBefore(tag: string) {
  const folder = await mkdtemp(path.join(tmpdir(), 'devplay-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((entry) => entry.tag.startsWith(tag));
  expect(upTo).toBeGreaterThan(0);
  await writeFile(
    journalFile,
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
  );
  return folder;
}

/** SQL that adds members 1…n (m1@example.com, m1, …): the rows a migration's data refers to. */
export const insertMembers = (n: number) => `
  insert into users (email, username, password_hash)
    select 'm' || g || '@example.com', 'm' || g, 'x' from generate_series(1, ${n}) g;`;

/**
 * A migration meeting data written before it: an in-memory database migrated up to the one that
 * matches `tag`, `before` run on it, then the rest of the migrations; `after` checks the result.
 */
export async function acrossMigration(
  tag: string,
  before: string,
  after: (client: PGlite) => Promise<void>,
) {
  const folder = await migrationsBefore(tag);
  const client = new PGlite();
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folder });
    await client.exec(before);
    await migrate(db, { migrationsFolder });
    await after(client);
  } finally {
    await client.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * For a migration's tests: the SQL is the same on both databases and the test opens its own, so
 * the PostgreSQL run of the suite would only repeat it.
 */
export const describeMigration = describe.skipIf(process.env.TEST_DB === 'postgres');
