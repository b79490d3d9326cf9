import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../test/database';
import { openDatabase } from './client';

async function openToOthers(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const modes = await Promise.all(
    entries.map(async (name) => (await stat(path.join(dir, name))).mode),
  );
  return entries.filter((_, i) => modes[i]! & 0o077);
}

describe('the embedded database on disk', () => {
  // A first start creates a whole cluster (initdb): 12 to 23 s when two test runs shared two cores.
  it(
    'is readable and writable by its owner only, its tables analyzed',
    { timeout: 120_000 },
    async () => {
      const parent = await mkdtemp(path.join(tmpdir(), 'devplay-db-'));
      const dir = path.join(parent, 'db');
      const database = await openDatabase({ pgliteDir: dir });
      try {
        expect(await openToOthers(dir)).toEqual([]);
        // Opening analyzes the app's tables, as PGlite has no autovacuum to do it.
        const unanalyzed = await rowsOf(
          database.db,
          sql`select count(*)::int as n from pg_stat_user_tables
            where schemaname = 'public' and last_analyze is null`,
        );
        expect(unanalyzed).toEqual([{ n: 0 }]);
      } finally {
        await database.close();
        await rm(parent, { recursive: true, force: true });
      }
    },
  );
});
