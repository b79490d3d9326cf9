import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, rowsOf } from '../test/database';
import { writeCountOf, type Database } from './client';
import { keptUntilWrite, onlyReads, WRITING_FUNCTIONS } from './writes';

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

describe('a read kept until the next write', () => {
  function counted(max = 10) {
    let count = 0;
    const read = vi.fn((id: number) =>
      id < 0 ? Promise.reject(new Error('no such row')) : Promise.resolve({ id }),
    );
    const kept = keptUntilWrite(
      () => count,
      max,
      (id: number) => String(id),
      read,
    );
    return { kept, read, write: () => count++ };
  }

  it('answers the same read again while no write moved the count, and reads again after one', async () => {
    const { kept, read, write } = counted();
    const first = kept(1);
    expect(kept(1)).toBe(first);
    expect(read).toHaveBeenCalledTimes(1);
    write();
    const second = kept(1);
    expect(second).not.toBe(first);
    expect(await second).toEqual({ id: 1 });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps each key apart, the newest up to its bound, and never a failed read', async () => {
    const { kept, read } = counted(2);
    const one = kept(1);
    const two = kept(2);
    expect(kept(1)).toBe(one);
    kept(3);
    expect(read).toHaveBeenCalledTimes(3);
    expect(kept(2)).toBe(two);
    expect(kept(1)).not.toBe(one);
    expect(read).toHaveBeenCalledTimes(4);

    await expect(kept(-1)).rejects.toThrow('no such row');
    await expect(kept(-1)).rejects.toThrow('no such row');
    expect(read).toHaveBeenCalledTimes(6);
  });
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
