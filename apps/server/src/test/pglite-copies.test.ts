import { describe, expect, inject, it } from 'vitest';
import { returnPgliteCopy, takePgliteCopy } from './pglite-copies';

const count = async (client: Awaited<ReturnType<typeof takePgliteCopy>>, query: string) =>
  (await client.query<{ n: number }>(query)).rows[0]!.n;

describe.skipIf(process.env.TEST_DB === 'postgres')('test PGlite copies kept between files', () => {
  const template = inject('pgliteTemplate')!;

  it('empties a copy back to the template: rows, sequences, session state', async () => {
    const copy = await takePgliteCopy(template);
    const maps = await count(copy, 'SELECT count(*)::int AS n FROM maps');
    await copy.exec(`
      DELETE FROM maps;
      INSERT INTO users (email, username, password_hash) VALUES ('a@b.example', 'leftover', 'x');
      SET statement_timeout = 1234;
      PREPARE leftover AS SELECT 1;
      CREATE TEMPORARY TABLE scratch (id int);`);
    await returnPgliteCopy(copy);

    const again = await takePgliteCopy(template);
    expect(again).toBe(copy);
    expect(await count(again, 'SELECT count(*)::int AS n FROM maps')).toBe(maps);
    expect(await count(again, 'SELECT count(*)::int AS n FROM users')).toBe(0);
    expect((await again.query('SHOW statement_timeout')).rows).toEqual([
      { statement_timeout: '0' },
    ]);
    await expect(again.exec('EXECUTE leftover')).rejects.toThrow(/does not exist/);
    await expect(again.exec('SELECT * FROM scratch')).rejects.toThrow(/does not exist/);
    // The identity starts again where the template's did.
    await again.exec(
      "INSERT INTO users (email, username, password_hash) VALUES ('c@d.example', 'first', 'x')",
    );
    expect(await count(again, 'SELECT id AS n FROM users')).toBe(1);
    await returnPgliteCopy(again);
  });

  it.each([
    ['a changed schema', 'ALTER TABLE users ADD COLUMN leftover int'],
    ['a replaced function', "CREATE FUNCTION leftover() RETURNS int LANGUAGE sql AS 'SELECT 1'"],
    ['planner statistics', 'ANALYZE'],
    ['a disabled trigger', 'ALTER TABLE likes DISABLE TRIGGER USER'],
    [
      "a newer release's migration",
      "INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('leftover', 1)",
    ],
  ])('closes a copy left with %s, and the next file gets a new one', async (_, statement) => {
    const copy = await takePgliteCopy(template);
    await copy.exec(statement);
    await returnPgliteCopy(copy);
    expect(copy.closed).toBe(true);

    const next = await takePgliteCopy(template);
    expect(next).not.toBe(copy);
    expect(next.closed).toBe(false);
    const leftovers = `SELECT (SELECT count(*) FROM pg_attribute WHERE attname = 'leftover')
      + (SELECT count(*) FROM pg_proc WHERE proname = 'leftover')
      + (SELECT count(*) FROM pg_trigger WHERE tgenabled = 'D')
      + (SELECT count(*) FROM drizzle.__drizzle_migrations WHERE hash = 'leftover') AS n`;
    expect(await count(next, leftovers)).toBe(0);
    await returnPgliteCopy(next);
  });

  it('closes a copy handed back inside a transaction', async () => {
    const copy = await takePgliteCopy(template);
    await copy.exec('BEGIN');
    await returnPgliteCopy(copy);
    expect(copy.closed).toBe(true);
  });
});
