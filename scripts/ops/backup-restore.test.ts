import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type Connection } from './connection';
import { applyMigrations, knownMigrations, migrationLevel } from './migrations';
import { restore } from './restore-archive';
import { backup } from './make-backup';
import {
  ADMIN_URL,
  cleanUp,
  scratchDatabase,
  scratchDir,
  startedDatabase,
  startedDataDir,
} from './scratch';
import {
  configOf,
  expectSameRows,
  expectSeedServed,
  openInstance,
  seed,
  type Place,
} from './test-instance';

// A PGlite folder is slow to create (half a minute on a busy machine): sources start as copies of
// one the server made (scratch.ts), and one embedded backup serves both tests that restore one.
let embedded: BackedUp;
beforeAll(async () => {
  embedded = await backedUp({ dataDir: await startedDataDir() });
}, 300_000);
afterAll(cleanUp);

type BackedUp = Awaited<ReturnType<typeof backedUp>>;

/** Seeds `from` and backs it up. */
async function backedUp(from: Place) {
  const seeded = await seed(from);
  const archive = path.join(await scratchDir(), 'backup.tar.gz');
  // On PostgreSQL the backup runs beside a serving instance.
  const running = from.databaseUrl ? await openInstance(from) : null;
  const manifest = await backup(configOf(from), archive).finally(() => running?.app.close());
  return { seeded, archive, manifest };
}

/** Restores a seeded instance's backup into `to`, and finds everything there. */
async function restoredInto({ seeded, archive, manifest }: BackedUp, to: Place) {
  // The post image and its two narrower copies.
  expect(manifest.uploads).toBe(3);
  expect(manifest.tables.find((table) => table.name === 'users')?.rows).toBe(2);
  await restore(configOf(to), archive, false);
  await expectSameRows(archive, to);
  await expectSeedServed(to, seeded);
}

describe('backup and restore', () => {
  it('brings an embedded instance back in another DATA_DIR: rows, images, secret, sessions', async () => {
    await restoredInto(embedded, { dataDir: await scratchDir() });
  }, 300_000);

  it.skipIf(!ADMIN_URL)(
    'brings a PostgreSQL instance back into an empty database',
    async () => {
      const from = { dataDir: await scratchDir(), databaseUrl: await startedDatabase() };
      await restoredInto(await backedUp(from), {
        dataDir: await scratchDir(),
        databaseUrl: await scratchDatabase(),
      });
    },
    300_000,
  );

  it.skipIf(!ADMIN_URL)(
    'moves an embedded instance to PostgreSQL',
    async () => {
      await restoredInto(embedded, {
        dataDir: await scratchDir(),
        databaseUrl: await scratchDatabase(),
      });
    },
    300_000,
  );

  it.skipIf(!ADMIN_URL)(
    'brings a backup made at an older migration up to date',
    async () => {
      const from = { dataDir: await scratchDir(), databaseUrl: await scratchDatabase() };
      const known = await knownMigrations();
      const older = known.at(-3)!;
      const source = await connectPostgres(from.databaseUrl);
      const countMaps = async (connection: Connection) =>
        (await connection.query<{ n: number }>('SELECT count(*)::int AS n FROM maps'))[0]?.n;
      await applyMigrations(source, null, older);
      const seededMaps = await countMaps(source);
      await source.close();
      expect(seededMaps).toBeGreaterThan(0);
      const archive = path.join(await scratchDir(), 'older.tar.gz');
      expect((await backup(configOf(from), archive)).migration).toEqual(older);
      const to = { dataDir: await scratchDir(), databaseUrl: await scratchDatabase() };
      await restore(configOf(to), archive, false);
      const restored = await connectPostgres(to.databaseUrl);
      try {
        expect(await migrationLevel(restored)).toEqual(known.at(-1));
        // Rows a migration at or below that level wrote are the backup's, once.
        expect(await countMaps(restored)).toBe(seededMaps);
      } finally {
        await restored.close();
      }
    },
    120_000,
  );
});
