import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import {
  openDatabase,
  pgliteDatabase,
  type Database,
  type Db,
  type QueryListener,
} from '../db/client';

/** In-memory PGlite: a copy of the migrated template the run made (test/global-setup.ts). */
async function openPgliteCopy(onQuery?: QueryListener): Promise<Database> {
  const template = inject('pgliteTemplate');
  if (!template) return openDatabase({ pgliteDir: null }, onQuery);
  const client = await PGlite.create({ loadDataDir: new Blob([await readFile(template)]) });
  return pgliteDatabase(client, onQuery);
}

/**
 * A database of the test file's own: in-memory PGlite, or with TEST_DB=postgres a fresh database
 * on TEST_DATABASE_URL's server, dropped on close, so files run in parallel and never share rows.
 * Both start as copies of a database migrated once for the whole run.
 */
export async function openTestDatabase(onQuery?: QueryListener): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openPgliteCopy(onQuery);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `devplay_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() }, onQuery);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A raw statement's rows: both drivers answer one with `{ rows }`, which the Db type cannot say. */
export async function rowsOf<Row = Record<string, unknown>>(db: Db, query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
