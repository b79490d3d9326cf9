import { expect, it } from 'vitest';
import { acrossMigration, describeMigration, insertMembers } from '../../test/migrations';

describeMigration('the post counters migration', () => {
  it('counts the likes and comments posts already had', async () => {
    await acrossMigration(
      '0008_',
      `${insertMembers(3)}
        insert into posts (author_id, title, description) values (1, 'a', 'aaa'), (1, 'b', 'bbb'), (2, 'c', 'ccc');
        insert into likes (post_id, user_id) values (1, 1), (1, 2), (1, 3), (2, 3);
        insert into comments (post_id, user_id, text) values (1, 2, 'x'), (3, 1, 'y'), (3, 1, 'z');`,
      async (client) => {
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
      },
    );
  });
});
