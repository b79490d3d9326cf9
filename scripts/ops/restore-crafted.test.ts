import { execFile } from 'node:child_process';
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import type { Manifest } from './archive';
import { connectPostgres, tablesInLoadOrder } from './connection';
import { exists } from './files';
import { knownMigrations } from './migrations';
import { restore } from './restore-archive';
import { ADMIN_URL, cleanUp, scratchDatabase, scratchDir, startedDatabase } from './scratch';
import { configOf } from './test-instance';

afterAll(cleanUp);

const IMAGE = '0b0e3c8e-7a0c-4a57-9d1e-1f2a3b4c5d6e.webp';

/**
 * An archive made by hand: a manifest at this code's migration listing `tables` (row counts as
 * given, true or not), and the entries given: text for a file, null for a folder, `{ link }`
 * for a symbolic link.
 */
async function crafted(
  tables: Record<string, number>,
  entries: Record<string, string | null | { link: string }>,
) {
  const stage = await scratchDir();
  const manifest: Manifest = {
    format: 1,
    version: '1.0.0',
    migration: (await knownMigrations()).at(-1)!,
    createdAt: new Date().toISOString(),
    database: 'pglite',
    tables: Object.entries(tables).map(([name, rows]) => ({ name, rows })),
    uploads: 0,
    secret: false,
  };
  const all = { 'manifest.json': JSON.stringify(manifest), ...entries };
  for (const [name, content] of Object.entries(all)) {
    const file = path.join(stage, name);
    await mkdir(path.dirname(file), { recursive: true });
    if (content === null) await mkdir(file, { recursive: true });
    else if (typeof content === 'string') await writeFile(file, content);
    else await symlink((content as { link: string }).link, file);
  }
  const archive = path.join(await scratchDir(), 'crafted.tar.gz');
  await tar.create({ gzip: true, file: archive, cwd: stage }, Object.keys(all));
  return archive;
}

/**
 * Restores into a DATA_DIR that does not exist and (unless a database refuses, which is slow to
 * build) into an empty one: refused, neither touched.
 */
async function expectRefused(archive: string, message: string, database?: { url?: string }) {
  const missing = path.join(await scratchDir(), 'data');
  const empty = await scratchDir();
  for (const dataDir of database ? [missing] : [missing, empty]) {
    await expect(
      restore(configOf({ dataDir, databaseUrl: database?.url }), archive, false),
    ).rejects.toThrow(message);
  }
  expect(await exists(missing)).toBe(false);
  expect(await readdir(empty)).toEqual([]);
}

describe('restore refuses an archive of anyone else’s making, touching nothing', () => {
  it('refuses files under uploads/ the store would never name: no page or script comes back', async () => {
    const archive = await crafted(
      {},
      { 'uploads/evil.html': '<script src="evil.js"></script>', 'uploads/evil.js': 'alert(1)' },
    );
    await expectRefused(
      archive,
      'it holds what no DevPlay backup has: uploads/evil.html (File), uploads/evil.js (File)',
    );
  });

  it('refuses anything but regular files where a backup has files: a folder, a link', async () => {
    for (const [entries, named] of [
      [{ 'jwt-secret': null }, 'jwt-secret/ (Directory)'],
      [{ [`uploads/${IMAGE}`]: { link: '/etc/passwd' } }, `uploads/${IMAGE} (SymbolicLink)`],
      [{ 'db/users.jsonl/': null }, 'db/users.jsonl/ (Directory)'],
    ] as const) {
      await expectRefused(await crafted({}, entries), named);
    }
  });

  it('refuses a manifest whose tables and rows disagree', async () => {
    await expectRefused(
      await crafted({ users: 1 }, {}),
      'manifest.json lists table users, but db/users.jsonl is missing',
    );
    await expectRefused(
      await crafted({}, { 'db/users.jsonl': '' }),
      'db/users.jsonl is a table manifest.json does not list',
    );
  });

  it('says why on one line and exits 1, leaving no staging folder', async () => {
    const dataDir = await scratchDir();
    const tsx = path.resolve('node_modules/.bin/tsx');
    const archive = await crafted({}, { 'jwt-secret': null });
    const run = promisify(execFile)(tsx, ['scripts/ops/restore.ts', archive], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    const failed = (await run.then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    )) as { code: number; stderr: string };
    expect(failed.code).toBe(1);
    expect(failed.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('jwt-secret/ (Directory)'),
    ]);
    expect(await readdir(dataDir)).toEqual([]);
  }, 60_000);

  it('refuses a table that is not DevPlay’s, before emptying anything (PGlite)', async () => {
    const archive = await crafted({ pg_description: 0 }, { 'db/pg_description.jsonl': '' });
    await expectRefused(archive, 'manifest.json lists pg_description, which DevPlay', {});
  }, 180_000);
});

describe.skipIf(!ADMIN_URL)('restore into PostgreSQL', () => {
  it('refuses a table that is not DevPlay’s: the catalogs keep their rows', async () => {
    const databaseUrl = await scratchDatabase();
    const archive = await crafted({ pg_description: 0 }, { 'db/pg_description.jsonl': '' });
    await expectRefused(archive, 'manifest.json lists pg_description, which DevPlay', {
      url: databaseUrl,
    });
    const connection = await connectPostgres(databaseUrl);
    const [row] = await connection.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_description',
    );
    const [table] = await connection.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`);
    await connection.close();
    expect(row?.n).toBeGreaterThan(1000);
    expect(table).toBeUndefined();
  });

  it('refuses a manifest that leaves tables out', async () => {
    await expectRefused(
      await crafted({ users: 1 }, { 'db/users.jsonl': '' }),
      'manifest.json leaves out',
      { url: await scratchDatabase() },
    );
  });

  it('says what it loaded, not what the manifest claims', async () => {
    const to = { dataDir: await scratchDir(), databaseUrl: await startedDatabase() };
    const connection = await connectPostgres(to.databaseUrl);
    const tables = await tablesInLoadOrder(connection);
    await connection.exec(
      'DROP SCHEMA drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public',
    );
    await connection.close();
    // Every table, each claimed to hold 999 rows, none holding any.
    const archive = await crafted(
      Object.fromEntries(tables.map((table) => [table, 999])),
      Object.fromEntries(tables.map((table) => [`db/${table}.jsonl`, ''])),
    );
    const restored = await restore(configOf(to), archive, false);
    expect(restored).toMatchObject({ rows: 0, files: 0 });
  });
});
