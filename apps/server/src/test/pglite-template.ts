import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../lib/paths';

type Shared = { file: Promise<string>; users: number };
/**
 * The global setups of a run share one process but not their modules (each project loads its
 * own), so the one template lives on globalThis.
 */
const KEY = Symbol.for('devplay.pgliteTemplate');
const registry = globalThis as { [KEY]?: Shared };

async function migrateToFile() {
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder });
  const folder = await mkdtemp(path.join(tmpdir(), 'devplay-pglite-template-'));
  const file = path.join(folder, 'pgdata.tar');
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  return file;
}

/**
 * A PGlite data folder migrated once for the whole run, as a tar file: the server tests open
 * copies of it, and the backup tests and the journeys unpack it into the DATA_DIRs they start
 * from, instead of each creating and migrating a database of its own (seconds each). `release`
 * removes it after its last user's run.
 */
export async function usePgliteTemplate() {
  const shared = (registry[KEY] ??= { file: migrateToFile(), users: 0 });
  shared.users++;
  const file = await shared.file;
  return {
    file,
    async release() {
      if (--shared.users > 0) return;
      delete registry[KEY];
      await rm(path.dirname(file), { recursive: true, force: true });
    },
  };
}

/** Unpacks the template into `dir`, an empty PGlite data folder on disk. */
export async function unpackPgliteTemplate(file: string, dir: string) {
  const client = await PGlite.create(dir, { loadDataDir: new Blob([await readFile(file)]) });
  await client.close();
}
