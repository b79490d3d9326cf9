import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, rowsOf } from '../test/database';
import { writeCountOf, type Database } from './client';
import { onlyReads, WRITING_FUNCTIONS } from './writes';

describe('a statement that only reads', () => {
  it.each([
    'select id, updated_at from posts where id = $1',
    '  SELECT 1',
    'with recent as (select id from posts) select * from recent',
    'select deleted_at from comments',
  ])('%s', (text) => expect(onlyReads(text)).toBe(true));

  it.each([
    "select nextval('feed_version')",
    'select * from money_transfers($1, $2, $3, $4)',
    'insert into likes (post_id, user_id) values ($1, $2)',
    'update posts set title = $1',
    'delete from likes where post_id = $1',
    'with gone as (delete from likes returning post_id) select count(*) from gone',
    'select id from posts for update',
    'begin',
    'commit',
    'do $$ begin perform 1; end $$',
  ])('not %s', (text) => expect(onlyReads(text)).toBe(false));
});

describe('the count of writes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('names every function of the schema that may write', async () => {
    const volatile = await rowsOf<{ name: string }>(
      database.db,
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public' and p.provolatile = 'v'
            and p.prorettype <> 'trigger'::regtype`,
    );
    expect(volatile.length).toBeGreaterThan(0);
    for (const { name } of volatile) expect(WRITING_FUNCTIONS).toContain(name);
  });

  it.runIf(process.env.TEST_DB === 'postgres')('is not kept on PostgreSQL', () => {
    expect(writeCountOf(database.db)).toBeUndefined();
  });

  it.runIf(process.env.TEST_DB !== 'postgres')(
    'moves with each write on PGlite, and with a commit after any statement of it',
    async () => {
      const writes = writeCountOf(database.db)!;
      const at = writes();
      await database.db.execute(sql`select count(*) from posts`);
      expect(writes()).toBe(at);
      await database.db.execute(sql`select nextval('feed_version')`);
      expect(writes()).toBeGreaterThan(at);

      let inside = 0;
      let beforeCommit = 0;
      await database.db.transaction(async (tx) => {
        inside = writes();
        await tx.execute(sql`update users set full_name = full_name where false`);
        beforeCommit = writes();
      });
      expect(beforeCommit).toBeGreaterThan(inside);
      expect(writes()).toBeGreaterThan(beforeCommit);
    },
  );
});
