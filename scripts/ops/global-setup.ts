import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../apps/server/src/db/client';
import { createMigratedDatabase, dropDatabase } from '../../apps/server/src/test/postgres-admin';
import {
  unpackPgliteTemplate,
  usePgliteTemplate,
} from '../../apps/server/src/test/pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR/db folder as the server leaves it after its first start: created, migrated. */
    migratedPgliteDir?: string;
    /** A database on TEST_DATABASE_URL's server as the server leaves it: migrated, no rows. */
    migratedPostgres?: string;
  }
}

/**
 * The instances the backup tests seed or serve start from copies of databases the server
 * opened once for the run (scratch.ts): a PGlite folder takes seconds to create and migrate, a
 * copy a fraction of one; this one is the run's migrated template unpacked. Restores still go
 * into empty places.
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), 'devplay-ops-template-'));
  const pgliteDir = path.join(folder, 'db');
  const name = process.env.TEST_DATABASE_URL && `ops_template_${randomBytes(6).toString('hex')}`;
  const template = await usePgliteTemplate();
  // The run's migrated template unpacked, then opened as the server opens its database.
  await Promise.all([
    unpackPgliteTemplate(template.file, pgliteDir)
      .then(() => openDatabase({ pgliteDir }))
      .then((database) => database.close()),
    name && createMigratedDatabase(name),
  ]);
  project.provide('migratedPgliteDir', pgliteDir);
  if (name) project.provide('migratedPostgres', name);
  return async () => {
    if (name) await dropDatabase(name);
    await rm(folder, { recursive: true, force: true });
    await template.release();
  };
}
