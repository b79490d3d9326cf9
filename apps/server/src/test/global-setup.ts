import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { createMigratedDatabase, dropDatabase } from './postgres-admin';
import { usePgliteTemplate } from './pglite-template';

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
 * for each of some 180 files.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB === 'postgres') {
    const name = `devplay_template_${randomBytes(6).toString('hex')}`;
    await createMigratedDatabase(name);
    project.provide('postgresTemplate', name);
    return () => dropDatabase(name);
  }
  const template = await usePgliteTemplate();
  project.provide('pgliteTemplate', template.file);
  return () => template.release();
}
