import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  ERROR_CODES,
  type AdminComment,
  type AdminPost,
  type AdminUser,
} from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, signUpUnverified, type TestContext } from '../../test/app';
import { createMember, publish, uploadImage, type Member } from '../../test/factories';

const ADMIN_EMAIL = 'chief@admin.example';
const OTHER_ADMIN_EMAIL = 'deputy@admin.example';

let ctx: TestContext;
let admin: Member;
let otherAdmin: Member;
let member: Member;

beforeAll(async () => {
  ctx = await createTestApp({
    adminEmails: new Set([ADMIN_EMAIL, OTHER_ADMIN_EMAIL]),
    rateLimits: false,
  });
  admin = await createMember(ctx, { email: ADMIN_EMAIL });
  otherAdmin = await createMember(ctx, { email: OTHER_ADMIN_EMAIL });
  member = await createMember(ctx);
});
afterAll(() => ctx.app.close());

/** The first row of a query, as drivers answer it (numbers may come back as text). */
async function one(query: ReturnType<typeof sql>) {
  const result = (await ctx.app.db.execute(query)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows[0]!;
}

const auditCount = async () => Number((await one(sql`select count(*) as n from audit_log`)).n);

const systemBalanceCents = async () =>
  Number((await one(sql`select balance_cents as b from accounts where kind = 'system'`)).b);

describe('who may use the admin panel', () => {
  // Each delete targets a row of its own, made fresh, so a 2xx never depends on the order.
  const endpoints: [string, string, () => Promise<string>][] = [
    ['GET', 'users', async () => '/admin/users'],
    ['GET', 'posts', async () => '/admin/posts'],
    ['GET', 'comments', async () => '/admin/comments'],
    ['GET', 'audit', async () => '/admin/audit'],
    ['DELETE', 'user', async () => `/admin/user/${(await createMember(ctx)).id}`],
    ['DELETE', 'post', async () => `/admin/post/${(await publish(ctx, member.client)).id}`],
    [
      'DELETE',
      'comment',
      async () => {
        const post = await publish(ctx, member.client);
        const comment = await member.client.post('/comment', { postId: post.id, text: 'hi' });
        return `/admin/comment/${comment.json().id}`;
      },
    ],
  ];
  const call = (client: ReturnType<typeof createClient>, method: string, url: string) =>
    method === 'GET' ? client.get(url) : client.delete(url);

  it.each(endpoints)('%s /admin/%s answers 401 to the anonymous', async (method, _, url) => {
    const response = await call(createClient(ctx.app), method, await url());
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Authorization required.');
  });

  it.each(endpoints)('%s /admin/%s answers 403 to a member', async (method, _, url) => {
    const response = await call(member.client, method, await url());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      message: AUTH_MESSAGES.adminsOnly,
      code: ERROR_CODES.forbidden,
    });
  });

  it('answers 403 to an admin address that was never confirmed, on every endpoint', async () => {
    const ctx2 = await createTestApp({ adminEmails: new Set(['unconfirmed@admin.example']) });
    const client = createClient(ctx2.app);
    await signUpUnverified(client, {
      email: 'unconfirmed@admin.example',
      username: 'unconfirmed',
      password: 'Secret1!pass',
    });
    for (const [method, kind] of endpoints) {
      const url = method === 'GET' ? `/admin/${kind}` : `/admin/${kind}/1`;
      expect((await call(client, method, url)).statusCode, `${method} ${url}`).toBe(403);
    }
    await ctx2.app.close();
  });

  it.each(endpoints)('%s /admin/%s answers 200 to an admin', async (method, _, url) => {
    expect((await call(admin.client, method, await url())).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not one, before touching anything', async () => {
    for (const kind of ['user', 'post', 'comment']) {
      const response = await admin.client.delete(`/admin/${kind}/abc`);
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('id');
    }
  });

  it('answers 404 for rows that do not exist', async () => {
    const texts = {
      user: 'User not found',
      post: ADMIN_MESSAGES.postNotFound,
      comment: ADMIN_MESSAGES.commentNotFound,
    };
    for (const [kind, message] of Object.entries(texts)) {
      const response = await admin.client.delete(`/admin/${kind}/2147483647`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses a bad cursor, limit or search with 400', async () => {
    expect((await admin.client.get('/admin/users?cursor=garbage')).statusCode).toBe(400);
    expect((await admin.client.get('/admin/posts?limit=101')).statusCode).toBe(400);
    expect((await admin.client.get(`/admin/comments?query=${'x'.repeat(101)}`)).statusCode).toBe(
      400,
    );
    expect((await admin.client.get('/admin/audit?action=nope')).statusCode).toBe(400);
  });
});

describe('the lists', () => {
  it('shows members with everything an admin needs, and finds them by part of a name or e-mail', async () => {
    const found = await createMember(ctx, { username: 'zebrafinch1' });
    await publish(ctx, found.client);
    const page = (await admin.client.get('/admin/users?query=ZEBRAFINCH')).json();
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
      } satisfies AdminUser,
    ]);
    const byEmail = (await admin.client.get(`/admin/users?q=${found.email}`)).json();
    expect(byEmail.items.map((u: AdminUser) => u.id)).toEqual([found.id]);
    const admins = (await admin.client.get('/admin/users?query=admin.example')).json();
    expect(admins.items.every((u: AdminUser) => u.isAdmin)).toBe(true);
    expect(admins.items).toHaveLength(2);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const page = (await admin.client.get('/admin/users?query=%25')).json();
    expect(page.items).toEqual([]);
  });

  it('shows posts with their author, likes and comments, and finds them by title or author', async () => {
    const author = await createMember(ctx, { username: 'postauthor1' });
    const post = await publish(ctx, author.client, { title: 'Unusual walrus title' });
    await member.client.post('/like', { post_id: post.id });
    await member.client.post('/comment', { postId: post.id, text: 'nice' });
    const page = (await admin.client.get('/admin/posts?query=walrus')).json();
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
    const byAuthor = (await admin.client.get('/admin/posts?query=postauthor1')).json();
    expect(byAuthor.items.map((p: AdminPost) => p.id)).toEqual([post.id]);
  });

  it('shows comments with their author and post title, and finds them by text', async () => {
    const post = await publish(ctx, member.client, { title: 'Post about otters' });
    const comment = (
      await member.client.post('/comment', { postId: post.id, text: 'Quokka comment here' })
    ).json();
    const page = (await admin.client.get('/admin/comments?query=quokka')).json();
    expect(page.items).toEqual([
      {
        id: comment.id,
        text: 'Quokka comment here',
        createdAt: expect.any(String),
        author: {
          id: member.id,
          username: member.username,
          fullName: expect.any(String),
          avatar: null,
        },
        postId: post.id,
        postTitle: 'Post about otters',
      } satisfies AdminComment,
    ]);
    const byTitle = (await admin.client.get('/admin/comments?query=otters')).json();
    expect(byTitle.items.map((c: AdminComment) => c.id)).toEqual([comment.id]);
  });

  it('pages newest first by cursor, without repeats or gaps', async () => {
    const author = await createMember(ctx, { username: 'pager1' });
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await publish(ctx, author.client)).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await admin.client.get(`/admin/posts?query=pager1&limit=2${query}`)).json();
      seen.push(...page.items.map((p: AdminPost) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });
});

describe('deleting a member', () => {
  it('refuses the admin themself, with a clear message, and deletes nothing', async () => {
    const before = await auditCount();
    const response = await admin.client.delete(`/admin/user/${admin.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: ADMIN_MESSAGES.cannotDeleteSelf,
      code: ERROR_CODES.cannotDeleteSelf,
    });
    expect((await admin.client.get('/me')).statusCode).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it('refuses another admin, with a clear message, and deletes nothing', async () => {
    const before = await auditCount();
    const response = await admin.client.delete(`/admin/user/${otherAdmin.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: ADMIN_MESSAGES.cannotDeleteAdmin,
      code: ERROR_CODES.cannotDeleteAdmin,
    });
    expect((await otherAdmin.client.get('/me')).statusCode).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it('takes their posts, comments, likes, messages, follows, files and sessions, and returns their balance', async () => {
    const leaver = await createMember(ctx);
    const stayer = await createMember(ctx);
    const image = await uploadImage(leaver.client);
    const own = await publish(ctx, leaver.client, { image });
    const theirs = await publish(ctx, stayer.client);
    await leaver.client.post('/like', { post_id: theirs.id });
    await leaver.client.post('/comment', { postId: theirs.id, text: 'bye' });
    await leaver.client.post('/follow', { username: stayer.username });
    await stayer.client.post('/follow', { username: leaver.username });
    await leaver.client.post('/messages', { receiverId: stayer.id, text: 'hello' });
    expect((await ctx.app.inject({ url: image })).statusCode).toBe(200);
    const systemBefore = await systemBalanceCents();

    const response = await admin.client.delete(`/admin/user/${leaver.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: ADMIN_MESSAGES.userDeleted });

    // The welcome credit (100 €) went back to the system account by a transfer.
    expect(await systemBalanceCents()).toBe(systemBefore + 100_00);
    const post = (await stayer.client.get('/posts?limit=100'))
      .json()
      .items.find((p: { id: number }) => p.id === theirs.id);
    expect(post).toMatchObject({ likesCount: 0, commentsCount: 0 });
    expect((await stayer.client.get(`/comments-count/${own.id}`)).statusCode).toBe(404);
    expect((await stayer.client.get('/me')).json()).toMatchObject({
      followersCount: 0,
      followingsCount: 0,
      unreadMessages: 0,
    });
    expect((await stayer.client.get('/messages/conversations')).json()).toEqual([]);
    expect((await ctx.app.inject({ url: image })).statusCode).toBe(404);
    expect((await leaver.client.get('/me')).statusCode).toBe(401);
    expect((await admin.client.get(`/admin/users?query=${leaver.username}`)).json().items).toEqual(
      [],
    );
    expect((await admin.client.delete(`/admin/user/${leaver.id}`)).statusCode).toBe(404);
  });
});

describe('deleting posts and comments', () => {
  it("deletes any member's post with its comments, likes and image", async () => {
    const image = await uploadImage(member.client);
    const post = await publish(ctx, member.client, { image });
    await otherAdmin.client.post('/like', { post_id: post.id });
    await otherAdmin.client.post('/comment', { postId: post.id, text: 'first' });

    const response = await admin.client.delete(`/admin/post/${post.id}`);
    expect(response.json()).toEqual({ message: ADMIN_MESSAGES.postDeleted });
    expect((await member.client.get(`/comments-count/${post.id}`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: image })).statusCode).toBe(404);
    const left = await one(
      sql`select (select count(*) from likes where post_id = ${post.id}) + (select count(*) from comments where post_id = ${post.id}) as n`,
    );
    expect(Number(left.n)).toBe(0);
    expect((await admin.client.delete(`/admin/post/${post.id}`)).statusCode).toBe(404);
  });

  it("deletes any member's comment and leaves the post", async () => {
    const post = await publish(ctx, member.client);
    const comment = (await member.client.post('/comment', { postId: post.id, text: 'bye' })).json();
    const response = await admin.client.delete(`/admin/comment/${comment.id}`);
    expect(response.json()).toEqual({ message: ADMIN_MESSAGES.commentDeleted });
    expect((await member.client.get(`/comments-count/${post.id}`)).json()).toEqual({ count: 0 });
    expect((await admin.client.delete(`/admin/comment/${comment.id}`)).statusCode).toBe(404);
  });
});
