import { randomBytes } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import {
  openDatabase,
  pgliteDatabase,
  type Database,
  type Db,
  type QueryListener,
} from '../db/client';
import { returnPgliteCopy, takePgliteCopy } from './pglite-copies';
import { createDatabase, dropDatabase } from './postgres-admin';

/**
 * In-memory PGlite: a copy of the migrated template the run made (test/global-setup.ts), started
 * as the server starts its own, and emptied for the worker's next file on close
 * (test/pglite-copies.ts).
 */
async function openPgliteCopy(onQuery?: QueryListener): Promise<Database> {
  const template = inject('pgliteTemplate');
  if (!template) return openDatabase({ pgliteDir: null }, onQuery);
  return pgliteDatabase(await takePgliteCopy(template), onQuery, returnPgliteCopy);
}

/**
 * A database of the test file's own: in-memory PGlite, or with TEST_DB=postgres a fresh database
 * on TEST_DATABASE_URL's server, dropped on close, so files run in parallel and never see each other's rows.
 * Both start as copies of a database migrated once for the whole run.
 */
export async function openTestDatabase(onQuery?: QueryListener): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openPgliteCopy(onQuery);
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `devplay_test_${randomBytes(6).toString('hex')}`;
  const url = await createDatabase(name, inject('postgresTemplate'));
  const database = await openDatabase({ url }, onQuery);
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(name);
    },
  };
}

/** A raw statement's rows: both drivers answer one with `{ rows }`, which the Db type cannot say. */
export async function rowsOf<Row = Record<string, unknown>>(db: Db, query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
