import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { builtServer, startServer } from './server';
import {
  unpackPgliteTemplate,
  usePgliteTemplate,
} from '../../apps/server/src/test/pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR the built server has created and migrated, for each server to copy. */
    e2eDataTemplate?: string;
  }
}

/**
 * Starts the built server once on a DATA_DIR holding the run's migrated database and keeps what
 * it made: every journey's server then starts on a copy instead of creating and migrating a
 * database of its own, which was most of its start-up (about a minute of a run's eleven servers).
 */
export default async function setup(project: TestProject) {
  // Without a build the servers cannot start either; each journey says so itself.
  if (!existsSync(builtServer)) return;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-e2e-template-'));
  // The run's migrated database, which the server then opens and keeps as it would its own.
  const template = await usePgliteTemplate();
  await unpackPgliteTemplate(template.file, path.join(dataDir, 'db'));
  const server = await startServer({}, { dataDir });
  await server.stop();
  project.provide('e2eDataTemplate', dataDir);
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
    await template.release();
  };
}
