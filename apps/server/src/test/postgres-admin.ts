import pg from 'pg';
import { openDatabase } from '../db/client';

/**
 * One statement on its own connection to TEST_DATABASE_URL's server: CREATE and DROP DATABASE
 * cannot run inside a pool's transaction, and a test must not hold a connection to the database
 * it drops.
 */
export async function adminQuery(statement: string, adminUrl = process.env.TEST_DATABASE_URL) {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(statement).finally(() => admin.end());
}

/** The URL of database `name` on the admin URL's server. */
const databaseUrl = (name: string, adminUrl = process.env.TEST_DATABASE_URL!) =>
  Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

/** Creates database `name`, empty or as a copy of `template`, and answers its URL. */
export async function createDatabase(name: string, template?: string) {
  await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  return databaseUrl(name);
}

export const dropDatabase = (name: string) =>
  adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);

/** Creates database `name` as the server leaves it on its first start: migrated, no rows. */
export async function createMigratedDatabase(name: string) {
  await (await openDatabase({ url: await createDatabase(name) })).close();
}
