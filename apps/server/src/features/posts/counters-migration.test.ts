import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../lib/paths';

/** The migrations as they stood before the one that matches `tag`, in a folder of their own. */
async function migrationsBefore(tag: string) {
  const folder = await mkdtemp(path.join(tmpdir(), 'devplay-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((entry) => entry.tag.startsWith(tag));
  expect(upTo).toBeGreaterThan(0);
  await writeFile(
    journalFile,
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
  );
  return folder;
}

// The SQL is the same on both databases and this test opens its own, so the PostgreSQL run of the
// suite would only repeat it.
describe.skipIf(process.env.TEST_DB === 'postgres')('the post counters migration', () => {
  it('counts the likes and comments posts already had', async () => {
    const folder = await migrationsBefore('0008_');
    const client = new PGlite();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: folder });
      await client.exec(`
        insert into users (email, username, password_hash)
          select 'm' || g || '@example.com', 'm' || g, 'x' from generate_series(1, 3) g;
        insert into posts (author_id, title, description) values (1, 'a', 'aaa'), (1, 'b', 'bbb'), (2, 'c', 'ccc');
        insert into likes (post_id, user_id) values (1, 1), (1, 2), (1, 3), (2, 3);
        insert into comments (post_id, user_id, text) values (1, 2, 'x'), (3, 1, 'y'), (3, 1, 'z');`);
      await migrate(db, { migrationsFolder });
      const counts = await client.query(
        'select id, likes_count, comments_count from posts order by id',
      );
      expect(counts.rows).toEqual([
        { id: 1, likes_count: 3, comments_count: 1 },
        { id: 2, likes_count: 1, comments_count: 0 },
        { id: 3, likes_count: 0, comments_count: 2 },
      ]);
      // And from then on the triggers move them.
      await client.exec(`
        delete from likes where user_id = 3;
        insert into comments (post_id, user_id, text) values (2, 2, 'w');`);
      const after = await client.query(
        'select likes_count, comments_count from posts where id = 2',
      );
      expect(after.rows).toEqual([{ likes_count: 0, comments_count: 1 }]);
    } finally {
      await client.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
