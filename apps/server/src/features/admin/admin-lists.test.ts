import type { AdminComment, AdminPost, AdminUser } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import { useAdminPanel } from '../../test/admin-panel';
import { createMember, publish } from '../../test/factories';

const t = useAdminPanel(['chief@admin.example', 'deputy@admin.example']);

describe('the lists', () => {
  it('shows members with everything an admin needs, and finds them by part of a name or e-mail', async () => {
    const found = await createMember(t.ctx, { username: 'zebrafinch1' });
    await publish(t.ctx, found.client);
    const page = (await t.admin.client.get('/admin/users?query=ZEBRAFINCH')).json();
    expect(page.items).toEqual([
      {
        id: found.id,
        username: 'zebrafinch1',
        fullName: 'zebrafinch1',
        avatar: null,
        email: found.email,
        isVerified: true,
        isAdmin: false,
        createdAt: expect.any(String),
        posts_count: 1,
        balance: 100,
        status: 'active',
        suspendedUntil: null,
      } satisfies AdminUser,
    ]);
    const byEmail = (await t.admin.client.get(`/admin/users?q=${found.email}`)).json();
    expect(byEmail.items.map((u: AdminUser) => u.id)).toEqual([found.id]);
    const admins = (await t.admin.client.get('/admin/users?query=admin.example')).json();
    expect(admins.items.every((u: AdminUser) => u.isAdmin)).toBe(true);
    expect(admins.items).toHaveLength(2);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const page = (await t.admin.client.get('/admin/users?query=%25')).json();
    expect(page.items).toEqual([]);
  });

  it('shows posts with their author, likes and comments, and finds them by title or author', async () => {
    const author = await createMember(t.ctx, { username: 'postauthor1' });
    const post = await publish(t.ctx, author.client, { title: 'Unusual walrus title' });
    await t.member.client.post('/like', { post_id: post.id });
    await t.member.client.post('/comment', { postId: post.id, text: 'nice' });
    const page = (await t.admin.client.get('/admin/posts?query=walrus')).json();
    expect(page.items).toEqual([
      {
        id: post.id,
        title: 'Unusual walrus title',
        createdAt: expect.any(String),
        author: {
          id: author.id,
          username: 'postauthor1',
          fullName: expect.any(String),
          avatar: null,
        },
        likesCount: 1,
        commentsCount: 1,
      } satisfies AdminPost,
    ]);
    const byAuthor = (await t.admin.client.get('/admin/posts?query=postauthor1')).json();
    expect(byAuthor.items.map((p: AdminPost) => p.id)).toEqual([post.id]);
  });

  it('shows comments with their author and post title, and finds them by text', async () => {
    const post = await publish(t.ctx, t.member.client, { title: 'Post about otters' });
    const comment = (
      await t.member.client.post('/comment', { postId: post.id, text: 'Quokka comment here' })
    ).json();
    const page = (await t.admin.client.get('/admin/comments?query=quokka')).json();
    expect(page.items).toEqual([
      {
        id: comment.id,
        text: 'Quokka comment here',
        createdAt: expect.any(String),
        author: {
          id: t.member.id,
          username: t.member.username,
          fullName: expect.any(String),
          avatar: null,
        },
        postId: post.id,
        postTitle: 'Post about otters',
      } satisfies AdminComment,
    ]);
    const byTitle = (await t.admin.client.get('/admin/comments?query=otters')).json();
    expect(byTitle.items.map((c: AdminComment) => c.id)).toEqual([comment.id]);
  });

  it('pages newest first by cursor, without repeats or gaps', async () => {
    const author = await createMember(t.ctx, { username: 'pager1' });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await publish(t.ctx, author.client)).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await t.admin.client.get(`/admin/posts?query=pager1&limit=2${query}`)).json();
      seen.push(...page.items.map((p: AdminPost) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });
});
