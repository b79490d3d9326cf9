import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { restore } from './restore-archive';
import { backup } from './make-backup';
import {
  ADMIN_URL,
  cleanUp,
  configOf,
  expectSameRows,
  expectSeedServed,
  scratchDatabase,
  scratchDir,
  seed,
  type Place,
} from './test-instance';

// PGlite opens slowly (half a minute on a busy machine) and a round trip opens it five times.
afterAll(cleanUp);

/** Seeds `from`, backs it up, restores into `to`, and finds everything there. */
async function roundTrip(from: Place, to: Place) {
  const seeded = await seed(from);
  const archive = path.join(await scratchDir(), 'backup.tar.gz');
  const manifest = await backup(configOf(from), archive);
  // The post image and its narrower copy.
  expect(manifest.uploads).toBe(2);
  expect(manifest.tables.find((table) => table.name === 'users')?.rows).toBe(2);
  await restore(configOf(to), archive, false);
  await expectSameRows(archive, to);
  await expectSeedServed(to, seeded);
}

describe('backup and restore', () => {
  it('brings an embedded instance back in another DATA_DIR: rows, images, secret, sessions', async () => {
    await roundTrip({ dataDir: await scratchDir() }, { dataDir: await scratchDir() });
  }, 300_000);

  it.skipIf(!ADMIN_URL)(
    'brings a PostgreSQL instance back into an empty database',
    async () => {
      await roundTrip(
        { dataDir: await scratchDir(), databaseUrl: await scratchDatabase() },
        { dataDir: await scratchDir(), databaseUrl: await scratchDatabase() },
      );
    },
    300_000,
  );

  it.skipIf(!ADMIN_URL)(
    'moves an embedded instance to PostgreSQL',
    async () => {
      await roundTrip(
        { dataDir: await scratchDir() },
        { dataDir: await scratchDir(), databaseUrl: await scratchDatabase() },
      );
    },
    300_000,
  );
});
