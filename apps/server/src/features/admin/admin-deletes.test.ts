import { ADMIN_MESSAGES, ERROR_CODES } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminPanel } from '../../test/admin-panel';
import { rowsOf } from '../../test/database';
import { createMember, publish, uploadImage } from '../../test/factories';

const t = useAdminPanel(['chief@admin.example', 'deputy@admin.example']);

/** The first row of a query, as drivers answer it (numbers may come back as text). */
const one = async (query: ReturnType<typeof sql>) => (await rowsOf(t.ctx.app.db, query))[0]!;

// Counted in the table, not through the API, whose pages would hide rows past the first.
const auditCount = async () => Number((await one(sql`select count(*) as n from audit_log`)).n);

const systemBalanceCents = async () =>
  Number((await one(sql`select balance_cents as b from accounts where kind = 'system'`)).b);

describe('deleting a member', () => {
  it('refuses the admin themself, with a clear message, and deletes nothing', async () => {
    const before = await auditCount();
    const response = await t.admin.client.delete(`/admin/user/${t.admin.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: ADMIN_MESSAGES.cannotDeleteSelf,
      code: ERROR_CODES.cannotDeleteSelf,
    });
    expect((await t.admin.client.get('/me')).statusCode).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it('refuses another admin, with a clear message, and deletes nothing', async () => {
    const before = await auditCount();
    const response = await t.admin.client.delete(`/admin/user/${t.admins[1]!.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: ADMIN_MESSAGES.cannotDeleteAdmin,
      code: ERROR_CODES.cannotDeleteAdmin,
    });
    expect((await t.admins[1]!.client.get('/me')).statusCode).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it('takes their posts, comments, likes, messages, follows, files and sessions, and returns their balance', async () => {
    const leaver = await createMember(t.ctx);
    const stayer = await createMember(t.ctx);
    const image = await uploadImage(leaver.client);
    const own = await publish(t.ctx, leaver.client, { image });
    const theirs = await publish(t.ctx, stayer.client);
    await leaver.client.post('/like', { post_id: theirs.id });
    await leaver.client.post('/comment', { postId: theirs.id, text: 'bye' });
    await leaver.client.post('/follow', { username: stayer.username });
    await stayer.client.post('/follow', { username: leaver.username });
    await leaver.client.post('/messages', { receiverId: stayer.id, text: 'hello' });
    expect((await t.ctx.app.inject({ url: image })).statusCode).toBe(200);
    const systemBefore = await systemBalanceCents();

    const response = await t.admin.client.delete(`/admin/user/${leaver.id}`);
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
    expect((await t.ctx.app.inject({ url: image })).statusCode).toBe(404);
    expect((await leaver.client.get('/me')).statusCode).toBe(401);
    expect(
      (await t.admin.client.get(`/admin/users?query=${leaver.username}`)).json().items,
    ).toEqual([]);
    expect((await t.admin.client.delete(`/admin/user/${leaver.id}`)).statusCode).toBe(404);
  });
});

describe('deleting posts and comments', () => {
  it("deletes any member's post with its comments, likes and image", async () => {
    const image = await uploadImage(t.member.client);
    const post = await publish(t.ctx, t.member.client, { image });
    await t.admins[1]!.client.post('/like', { post_id: post.id });
    await t.admins[1]!.client.post('/comment', { postId: post.id, text: 'first' });

    const response = await t.admin.client.delete(`/admin/post/${post.id}`);
    expect(response.json()).toEqual({ message: ADMIN_MESSAGES.postDeleted });
    expect((await t.member.client.get(`/comments-count/${post.id}`)).statusCode).toBe(404);
    expect((await t.ctx.app.inject({ url: image })).statusCode).toBe(404);
    const left = await one(
      sql`select (select count(*) from likes where post_id = ${post.id}) + (select count(*) from comments where post_id = ${post.id}) as n`,
    );
    expect(Number(left.n)).toBe(0);
    expect((await t.admin.client.delete(`/admin/post/${post.id}`)).statusCode).toBe(404);
  });

  it("deletes any member's comment and leaves the post", async () => {
    const post = await publish(t.ctx, t.member.client);
    const comment = (
      await t.member.client.post('/comment', { postId: post.id, text: 'bye' })
    ).json();
    const response = await t.admin.client.delete(`/admin/comment/${comment.id}`);
    expect(response.json()).toEqual({ message: ADMIN_MESSAGES.commentDeleted });
    expect((await t.member.client.get(`/comments-count/${post.id}`)).json()).toEqual({ count: 0 });
    expect((await t.admin.client.delete(`/admin/comment/${comment.id}`)).statusCode).toBe(404);
  });
});
