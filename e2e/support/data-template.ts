import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { builtServer, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR the built server has created and migrated, for each server to copy. */
    e2eDataTemplate?: string;
  }
}

/**
 * Starts the built server once on an empty DATA_DIR and keeps what it made: every journey's
 * server then starts on a copy instead of creating and migrating a database of its own, which
 * was most of its start-up (about a minute of a run's eleven servers).
 */
export default async function setup(project: TestProject) {
  // Without a build the servers cannot start either; each journey says so itself.
  if (!existsSync(builtServer)) return;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-e2e-template-'));
  const server = await startServer({}, { dataDir });
  await server.stop();
  project.provide('e2eDataTemplate', dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}
