import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client';
import { rowsOf } from './database';

/**
 * Connections of a test's own to its PostgreSQL database, beside the app's pool: one holds a
 * lock while requests queue behind it, another watches them queue. The caller ends them.
 */
export async function openSideConnections(db: Db, count: number) {
  const [database] = await rowsOf<{ name: string }>(db, sql`select current_database() as name`);
  const url = Object.assign(new URL(process.env.TEST_DATABASE_URL!), {
    pathname: `/${database!.name}`,
  });
  const clients = Array.from(
    { length: count },
    () => new pg.Client({ connectionString: url.toString() }),
  );
  await Promise.all(clients.map((client) => client.connect()));
  return clients;
}

/** How many statements of the database wait for a lock now, as `watcher` sees it. */
export async function waitingOnLocks(watcher: pg.Client) {
  const { rows } = await watcher.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}
