import { ADMIN_MESSAGES, AUTH_MESSAGES, ERROR_CODES } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import { createClient, createTestApp, signUpUnverified } from '../../test/app';
import { useAdminPanel } from '../../test/admin-panel';
import { createMember, publish } from '../../test/factories';

const t = useAdminPanel(['chief@admin.example']);

describe('who may use the admin panel', () => {
  // Each delete targets a row of its own, made fresh, so a 2xx never depends on the order.
  const endpoints: [string, string, () => Promise<string>][] = [
    ['GET', 'users', async () => '/admin/users'],
    ['GET', 'posts', async () => '/admin/posts'],
    ['GET', 'comments', async () => '/admin/comments'],
    ['GET', 'audit', async () => '/admin/audit'],
    ['DELETE', 'user', async () => `/admin/user/${(await createMember(t.ctx)).id}`],
    ['DELETE', 'post', async () => `/admin/post/${(await publish(t.ctx, t.member.client)).id}`],
    [
      'DELETE',
      'comment',
      async () => {
        const post = await publish(t.ctx, t.member.client);
        const comment = await t.member.client.post('/comment', { postId: post.id, text: 'hi' });
        return `/admin/comment/${comment.json().id}`;
      },
    ],
  ];
  const call = (client: ReturnType<typeof createClient>, method: string, url: string) =>
    method === 'GET' ? client.get(url) : client.delete(url);

  it.each(endpoints)('%s /admin/%s answers 401 to the anonymous', async (method, _, url) => {
    const response = await call(createClient(t.ctx.app), method, await url());
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Authorization required.');
  });

  it.each(endpoints)('%s /admin/%s answers 403 to a member', async (method, _, url) => {
    const response = await call(t.member.client, method, await url());
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
    expect((await call(t.admin.client, method, await url())).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not one, before touching anything', async () => {
    for (const kind of ['user', 'post', 'comment']) {
      const response = await t.admin.client.delete(`/admin/${kind}/abc`);
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
      const response = await t.admin.client.delete(`/admin/${kind}/2147483647`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses a bad cursor, limit or search with 400', async () => {
    expect((await t.admin.client.get('/admin/users?cursor=garbage')).statusCode).toBe(400);
    expect((await t.admin.client.get('/admin/posts?limit=101')).statusCode).toBe(400);
    expect((await t.admin.client.get(`/admin/comments?query=${'x'.repeat(101)}`)).statusCode).toBe(
      400,
    );
    expect((await t.admin.client.get('/admin/audit?action=nope')).statusCode).toBe(400);
  });
});
