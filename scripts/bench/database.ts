import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Db, type DatabaseTarget } from '../../apps/server/src/db/client';
import { adminQuery } from '../../apps/server/src/test/postgres-admin';
import type { BenchOptions } from './options';

export type DatabaseLabel = 'PGlite' | 'PostgreSQL';

/** One database a bench runs against, made for the run and removed afterwards. */
export type BenchDatabase = {
  label: DatabaseLabel;
  /** A DATA_DIR of the run's own (uploads, and PGlite's files). */
  dataDir: string;
  /** What a server process needs to use this database. */
  serverEnv: Record<string, string>;
  /**
   * Seeds or checks through a connection of the bench's own, closed afterwards: PGlite's files
   * belong to one process at a time, so this runs while no server does.
   */
  use: <T>(work: (db: Db) => Promise<T>) => Promise<T>;
};

/** A database of the run's own on the server of `adminUrl`, dropped by the returned function. */
async function scratchPostgres(adminUrl: string) {
  const name = `devplay_bench_${Date.now()}`;
  await adminQuery(`CREATE DATABASE ${name}`, adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, adminUrl),
  };
}

/** Runs `work` on PGlite, then on PostgreSQL when DATABASE_URL is set, each on a fresh database. */
export async function forEachDatabase(
  options: BenchOptions,
  work: (database: BenchDatabase) => Promise<void>,
) {
  // BENCH_SKIP_PGLITE=1 measures PostgreSQL alone, say to profile it.
  for (const label of [
    ...(process.env.BENCH_SKIP_PGLITE && options.postgresUrl ? [] : ['PGlite' as const]),
    ...(options.postgresUrl ? ['PostgreSQL' as const] : []),
  ] as const) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'devplay-bench-'));
    const scratch = label === 'PostgreSQL' ? await scratchPostgres(options.postgresUrl!) : null;
    const target: DatabaseTarget = scratch
      ? { url: scratch.url }
      : { pgliteDir: path.join(dataDir, 'db') };
    try {
      await work({
        label,
        dataDir,
        serverEnv: scratch ? { DATABASE_URL: scratch.url } : {},
        async use(run) {
          const database = await openDatabase(target);
          try {
            return await run(database.db);
          } finally {
            await database.close();
          }
        },
      });
    } finally {
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}
