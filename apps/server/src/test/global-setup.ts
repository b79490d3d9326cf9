import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../lib/paths';
import { createMigratedDatabase, dropDatabase } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty PGlite data folder, for server:pglite. */
    pgliteTemplate?: string;
    /** A migrated, empty database on TEST_DATABASE_URL's server, for server:postgres. */
    postgresTemplate?: string;
  }
}

/**
 * Migrates one database before the run, which every test file then copies
 * (test/database.ts): a copy costs a fraction of a migration from nothing, and a run opens one
 * database for each of some 80 files.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    const name = `devplay_template_${randomBytes(6).toString('hex')}`;
    await createMigratedDatabase(name);
    project.provide('postgresTemplate', name);
    return () => dropDatabase(name);
  }
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder });
  const folder = await mkdtemp(path.join(tmpdir(), 'devplay-pglite-template-'));
  const file = path.join(folder, 'pgdata.tar');
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  return () => rm(folder, { recursive: true, force: true });
}
