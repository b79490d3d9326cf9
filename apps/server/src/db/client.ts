import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { prepareDataDir } from '../lib/data-dir';
import { migrationsFolder } from '../lib/paths';
import { migrateWithProgress, type ProgressListener } from './migration-progress';
import { initdbInChild, PGLITE_START_PARAMS } from './pglite-memory';
import * as schema from './schema/index';

/** Both drivers share this type, so features never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export type DatabaseTarget = { url: string } | { pgliteDir: string | null };

/** Sees every statement the app sends; tests use it to count queries. */
export type QueryListener = (query: string) => void;

// Any fixed number: processes starting together take turns applying migrations.
const MIGRATION_LOCK_ID = 72_716_401;

/**
 * PGlite is one connection: drizzle runs its transactions through PGlite's own exclusive
 * transaction, so a query from outside waits rather than landing inside someone else's.
 */
async function openPglite(
  dir: string | null,
  onQuery?: QueryListener,
  progress?: ProgressListener,
): Promise<Database> {
  if (dir) {
    // A first start unpacks a whole PostgreSQL cluster: many silent seconds without this line.
    const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
    const relative = path.relative('.', dir);
    const shown = relative.startsWith('..') || path.isAbsolute(relative) ? dir : `./${relative}`;
    progress?.(
      fresh
        ? `Creating the database in ${shown} (once; this takes a while)…`
        : `Opening the database in ${shown}…`,
    );
    await mkdir(dir, { recursive: true });
    await initdbInChild(dir);
  }
  const client = new PGlite(dir ?? undefined, { startParams: PGLITE_START_PARAMS });
  await migrateWithProgress(
    (text) => client.query(text),
    () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    progress,
  );
  // PGlite unpacks its template database with files open to everyone (0666); files it makes
  // afterwards follow the umask (server.ts), so tightening once after opening is enough.
  if (dir) await prepareDataDir(dir);
  return pgliteDatabase(client, onQuery);
}

/** The app's view of an open PGlite (tests hand in a copy of a database migrated once). */
export function pgliteDatabase(client: PGlite, onQuery?: QueryListener): Database {
  const db = drizzlePglite(client, { schema, logger: queryLogger(onQuery) });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function openPostgres(
  url: string,
  onQuery?: QueryListener,
  progress?: ProgressListener,
): Promise<Database> {
  // A database that stopped answering fails requests after a while instead of holding them.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle connection the server dropped (restart, failover) must not crash the process; the
  // pool replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateWithProgress(
      (text) => lockClient.query(text),
      () => migratePg(drizzlePg(lockClient, { schema }), { migrationsFolder }),
      progress,
    );
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema, logger: queryLogger(onQuery) });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}

const queryLogger = (onQuery?: QueryListener) => (onQuery ? { logQuery: onQuery } : false);

export function openDatabase(
  target: DatabaseTarget,
  onQuery?: QueryListener,
  progress?: ProgressListener,
): Promise<Database> {
  return 'url' in target
    ? openPostgres(target.url, onQuery, progress)
    : openPglite(target.pgliteDir, onQuery, progress);
}
