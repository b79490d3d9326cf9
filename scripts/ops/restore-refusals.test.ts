import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../apps/server/src/test/factories';
import { connectPostgres } from './connection';
import { backup } from './make-backup';
import { restore } from './restore-archive';
import { ADMIN_URL, cleanUp, scratchDir, startedDatabase, startedDataDir } from './scratch';
import { configOf, expectSameRows, openInstance, type Place } from './test-instance';
import { exists } from './files';

const run = promisify(execFile);
/** Every file under `dir` with a digest of its bytes: "nothing changed" made checkable. */
async function snapshot(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile());
  return Object.fromEntries(
    await Promise.all(
      files.map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        const digest = createHash('sha256')
          .update(await readFile(file))
          .digest('hex');
        return [path.relative(dir, file), digest];
      }),
    ),
  );
}

/** Runs a script as `npm run` would; resolves with its exit code and output. */
async function cli(script: string, args: string[], env: Record<string, string>) {
  const tsx = path.resolve('node_modules/.bin/tsx');
  return run(tsx, [`scripts/ops/${script}.ts`, ...args], { env: { ...process.env, ...env } }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

async function archiveOf(stage: string, entries: Record<string, string>) {
  for (const [name, text] of Object.entries(entries)) await writeFile(path.join(stage, name), text);
  const file = path.join(stage, 'made.tar.gz');
  await tar.create({ gzip: true, file, cwd: stage }, Object.keys(entries));
  return file;
}

let source: Place;
let archive: string;

beforeAll(async () => {
  source = { dataDir: await startedDataDir() };
  const ctx = await openInstance(source);
  await createMember(ctx);
  await ctx.app.close();
  archive = path.join(await scratchDir(), 'backup.tar.gz');
  await backup(configOf(source), archive);
}, 120_000);
afterAll(cleanUp);

describe('backup and restore refuse, and change nothing', () => {
  it('print their usage on --help and touch nothing', async () => {
    const dataDir = path.join(await scratchDir(), 'never-made');
    for (const script of ['backup', 'restore']) {
      const result = await cli(script, ['--help'], { DATA_DIR: dataDir });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: npm run ${script}`);
    }
    expect(await exists(dataDir)).toBe(false);
    expect(await exists(path.resolve('backups'))).toBe(false);
  });

  it('writes the archive for its owner only and prints where', async () => {
    const out = path.join(await scratchDir(), 'cli.tar.gz');
    const result = await cli('backup', ['--out', out], { DATA_DIR: source.dataDir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Backup written to ${out} (pglite, migration`);
    expect((await stat(out)).mode & 0o077).toBe(0);
  }, 60_000);

  it('refuses a DATA_DIR that is not empty, with a non-zero exit', async () => {
    const dataDir = await scratchDir();
    await writeFile(path.join(dataDir, 'notes.txt'), 'mine');
    const before = await snapshot(dataDir);
    const result = await cli('restore', [archive], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not empty (notes.txt)');
    expect(await snapshot(dataDir)).toEqual(before);
    expect(await readdir(dataDir)).toEqual(['notes.txt']);
  });

  it('replaces the database, uploads, secret and push keys with --force, and leaves the rest', async () => {
    const dataDir = await scratchDir();
    await mkdir(path.join(dataDir, 'db'));
    await mkdir(path.join(dataDir, 'uploads'));
    await writeFile(path.join(dataDir, 'uploads', 'old.webp'), 'old');
    await writeFile(path.join(dataDir, 'jwt-secret'), 'old secret');
    await writeFile(path.join(dataDir, 'vapid-keys'), 'old keys');
    await writeFile(path.join(dataDir, 'notes.txt'), 'mine');
    const restored = await restore(configOf({ dataDir }), archive, true);
    const rows = restored.manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    expect(restored).toMatchObject({ rows, files: 0 });
    await expectSameRows(archive, { dataDir });
    expect(await exists(path.join(dataDir, 'uploads', 'old.webp'))).toBe(false);
    for (const generated of ['jwt-secret', 'vapid-keys'])
      expect(await readFile(path.join(dataDir, generated), 'utf8')).toBe(
        await readFile(path.join(source.dataDir, generated), 'utf8'),
      );
    expect((await readdir(dataDir)).sort()).toEqual([
      'db',
      'jwt-secret',
      'notes.txt',
      'vapid-keys',
    ]);
  }, 60_000);

  it('refuses what is not a backup: not an archive, no manifest, a newer migration', async () => {
    const stage = await scratchDir();
    const manifest = JSON.parse(await readFile(await unpackedManifest(), 'utf8'));
    const future = { idx: 999, tag: '0999_future', when: 9e12 };
    const newer = { ...manifest, migration: future, tables: [] };
    const cases = [
      [
        await archiveOf(stage, { 'plain.txt': 'hello' }).then(() => path.join(stage, 'plain.txt')),
        'is not a readable backup archive',
      ],
      [await archiveOf(await scratchDir(), { 'jwt-secret': 'hi' }), 'has no manifest.json'],
      [
        await archiveOf(await scratchDir(), { 'manifest.json': '{"format":1}' }),
        'is not a DevPlay backup manifest',
      ],
      [
        await archiveOf(await scratchDir(), { 'manifest.json': JSON.stringify(newer) }),
        'newer than this code',
      ],
    ] as const;
    for (const [file, message] of cases) {
      const dataDir = path.join(await scratchDir(), 'data');
      await expect(restore(configOf({ dataDir }), file, false)).rejects.toThrow(message);
      expect(await exists(dataDir), message).toBe(false);
    }
  });

  it('will not back up an embedded database another process has open', async () => {
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `import('@electric-sql/pglite').then(async ({ PGlite }) => {
        await new PGlite(process.argv[1]).query('select 1'); console.log('open');
        setInterval(() => {}, 1000); })`,
        path.join(source.dataDir, 'db'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise((resolve) => holder.stdout.once('data', resolve));
      const out = path.join(await scratchDir(), 'refused.tar.gz');
      await expect(backup(configOf(source), out)).rejects.toThrow(
        `is in use by process ${holder.pid} (a running server)`,
      );
      expect(await exists(out)).toBe(false);
    } finally {
      holder.kill();
    }
  }, 60_000);

  it.skipIf(!ADMIN_URL)(
    'refuses a database that is not empty; --force replaces it',
    async () => {
      const target = { dataDir: await scratchDir(), databaseUrl: await startedDatabase() };
      const ctx = await openInstance(target);
      const other = await createMember(ctx);
      await ctx.app.close();
      // A DATA_DIR of its own, so that the database is what is in the way.
      const fresh = { ...target, dataDir: await scratchDir() };
      await expect(restore(configOf(fresh), archive, false)).rejects.toThrow(
        'The database at DATABASE_URL is not empty',
      );
      const connection = await connectPostgres(target.databaseUrl);
      const kept = await connection.query('SELECT 1 FROM users WHERE username = $1', [
        other.username,
      ]);
      await connection.close();
      expect(kept).toHaveLength(1);
      await restore(configOf(fresh), archive, true);
      await expectSameRows(archive, target);
    },
    120_000,
  );
});

async function unpackedManifest() {
  const into = await scratchDir();
  await tar.extract({ file: archive, cwd: into });
  return path.join(into, 'manifest.json');
}
