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
import { PgliteConnection } from './pglite-connection';
import { initdbInChild, PGLITE_START_PARAMS } from './pglite-memory';
import { APP_TABLES, type AppTable } from './pglite-upkeep';
import { takingTurns } from './request-turns';
import * as schema from './schema/index';
import { countWrites, type WriteCount } from './writes';

/** Both drivers share this type, so features never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

/** `requestTurns` false: PostgreSQL's statements wait for a connection in arrival order. */
export type DatabaseTarget = { url: string; requestTurns?: boolean } | { pgliteDir: string | null };

/** Sees every statement the app sends, with its values; tests count them or read their plans. */
export type QueryListener = (query: string, params?: unknown[]) => void;

// Any fixed number: processes starting together take turns applying migrations.
const MIGRATION_LOCK_ID = 72_716_401;

/**
 * PGlite is one connection, opened here; the app reaches it through `pgliteDatabase`.
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
  // No autovacuum here to learn the tables (pglite-upkeep.ts): plans start from what they hold.
  // The app's tables only: PostgreSQL's own catalogs were most of a start's ANALYZE (100–300 ms).
  const { rows } = await client.query<AppTable>(APP_TABLES);
  await client.query(`analyze ${rows.map((row) => row.name).join(', ')}`);
  // PGlite unpacks its template database with files open to everyone (0666); files it makes
  // afterwards follow the umask (server.ts), so tightening once after opening is enough.
  if (dir) await prepareDataDir(dir);
  return pgliteDatabase(client, onQuery);
}

/**
 * The embedded databases, for what must differ on them (db/batched.ts); a transaction's handle
 * is not among them.
 */
const embedded = new WeakMap<Db, WriteCount>();
export const isEmbedded = (db: Db) => embedded.has(db);

/**
 * The embedded database's count of writes (db/writes.ts), where an answer may be kept until the
 * next one; undefined on PostgreSQL, which other processes write too.
 */
export const writeCountOf = (db: Db): WriteCount | undefined => embedded.get(db);

/**
 * PGlite through node-postgres, with PGlite as the one connection of a pool of one
 * (pglite-connection.ts): the driver PostgreSQL has, so a statement prepared by name
 * (db/prepared.ts) is parsed and planned once here too. PGlite's own driver parsed, described and
 * planned every statement at every call; in the mix that was most of the server's time
 * (bench:mix, docs/benchmarks.md). A transaction holds the connection, and other statements wait
 * for it in the pool, in turn.
 */
function pgliteOverPg(client: PGlite, moved: () => void) {
  // Every client the pool makes is this one connection: it must never end one before the pool
  // does, so no idle timeout. The names and password are node-postgres's, which PGlite ignores.
  const pool = new pg.Pool({
    connection: new PgliteConnection(client),
    user: 'postgres',
    database: 'postgres',
    password: 'pglite',
    max: 1,
    idleTimeoutMillis: 0,
  } as pg.PoolConfig);
  // The pool's own `query` ends its client after any failed statement (a refused constraint, a
  // deadlock), so that the next statement gets a fresh connection; here that would end PGlite's.
  pool.query = (async (...args: Parameters<pg.PoolClient['query']>) => {
    const pooled = await pool.connect();
    try {
      return await pooled.query(...args);
    } finally {
      pooled.release();
    }
  }) as unknown as typeof pool.query;
  pool.on('error', (error) => console.error(`PGlite connection failed: ${error.message}`));
  pool.on('connect', (connected) => countWrites(connected, moved));
  return pool;
}

/** The app's view of an open PGlite (tests hand in a copy of a database migrated once). */
export function pgliteDatabase(
  client: PGlite,
  onQuery?: QueryListener,
  /** What closing does with PGlite once the pool has ended (tests keep their copies). */
  release: (client: PGlite) => Promise<void> = (open) => open.close(),
): Database {
  let writes = 0;
  const pool = pgliteOverPg(client, () => writes++);
  const db = drizzlePg(pool, { schema, logger: queryLogger(onQuery) }) as unknown as Db;
  embedded.set(db, () => writes);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await pool.end();
      await release(client);
    },
  };
}

/** A process's connections to PostgreSQL; what waits beyond them takes turns (request-turns.ts). */
export const POSTGRES_CONNECTIONS = 10;

async function openPostgres(
  { url, requestTurns }: { url: string; requestTurns?: boolean },
  onQuery?: QueryListener,
  progress?: ProgressListener,
): Promise<Database> {
  // A database that stopped answering fails requests after a while instead of holding them.
  const pool = takingTurns(
    new pg.Pool({
      connectionString: url,
      max: POSTGRES_CONNECTIONS,
      connectionTimeoutMillis: 10_000,
    }),
    { enabled: requestTurns, log: progress },
  );
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
    ? openPostgres(target, onQuery, progress)
    : openPglite(target.pgliteDir, onQuery, progress);
}
