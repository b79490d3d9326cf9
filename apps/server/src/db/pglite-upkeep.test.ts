import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, rowsOf } from '../test/database';
import type { Database } from './client';
import { tidyTables } from './pglite-upkeep';

describe('tidying the tables', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const estimate = async () =>
    (
      await rowsOf<{ reltuples: number; vacuumed: boolean }>(
        database.db,
        sql`select c.reltuples::float8 as reltuples, s.last_vacuum is not null as vacuumed
            from pg_class c join pg_stat_user_tables s on s.relid = c.oid
            where c.oid = 'site_settings'::regclass`,
      )
    )[0]!;

  it('vacuums and analyzes every table, so the planner knows what they hold', async () => {
    await database.db.execute(sql`update site_settings set registrations = registrations`);
    expect(await estimate()).toMatchObject({ vacuumed: false });
    const tables = await rowsOf<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from pg_tables where schemaname = 'public'`,
    );
    expect(await tidyTables(database.db)).toBe(tables[0]!.count);
    expect(await estimate()).toEqual({ reltuples: 1, vacuumed: true });
  });
});
