import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase, dropDatabase } from '../../apps/server/src/test/postgres-admin';

export const ADMIN_URL = process.env.TEST_DATABASE_URL;

/**
 * Folders and PostgreSQL databases of a test file's own, removed by `cleanUp`: empty ones for
 * restores to fill, and ones the server has started on for instances to seed and serve.
 */
const scratch: { dirs: string[]; databases: string[] } = { dirs: [], databases: [] };

export async function scratchDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bk-'));
  scratch.dirs.push(dir);
  return dir;
}

/**
 * A DATA_DIR where the server has started once: its database created and migrated, no rows (a
 * copy of the run's, global-setup.ts). A restore's target stays a `scratchDir`: that is empty.
 */
export async function startedDataDir() {
  const dataDir = await scratchDir();
  const template = inject('migratedPgliteDir');
  if (template) await cp(template, path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/** A database of the test's own on the local PostgreSQL, empty or a copy of `template`. */
export async function scratchDatabase(template?: string) {
  const name = `bk_${randomBytes(6).toString('hex')}`;
  const url = await createDatabase(name, template);
  scratch.databases.push(name);
  return url;
}

/** As `scratchDatabase`, but as the server leaves it on its first start: migrated, no rows. */
export const startedDatabase = () => scratchDatabase(inject('migratedPostgres'));

export async function cleanUp() {
  for (const name of scratch.databases.splice(0)) await dropDatabase(name);
  for (const dir of scratch.dirs.splice(0)) await rm(dir, { recursive: true, force: true });
}
