import { POST_MESSAGES } from '@devplay/shared';
import { describe, expect, it } from 'vitest';
import { createClient, newUser, signUpVerified, useAuthor } from '../../test/app';
import { publish, seedPosts, uploadImage, userIdOf } from '../../test/factories';

const t = useAuthor({ adminEmails: new Set(['admin@example.com']), rateLimits: false });

describe('GET /api/posts', () => {
  it('answers 401 without a token and 400 for a damaged cursor', async () => {
    expect((await createClient(t.ctx.app).get('/posts')).statusCode).toBe(401);
    const response = await t.author.get('/posts?cursor=garbage');
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('cursor');
  });

  // Pages read a few fixed row counts (post-queries.ts): sizes on and off those, and one short
  // of the whole list.
  it.each([20, 7, 44])(
    'pages newest first by cursor without gaps or repeats (%i a page)',
    async (limit) => {
      const client = createClient(t.ctx.app);
      const { username } = await signUpVerified(t.ctx, client);
      const id = await userIdOf(t.ctx, username);
      await seedPosts(t.ctx, id, 45);
      const seen: number[] = [];
      let pages = 0;
      let cursor: string | null = null;
      do {
        const page: { items: { id: number }[]; nextCursor: string | null } = (
          await client.get(
            `/posts?user_id=${id}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
          )
        ).json();
        expect(page.items.length).toBe(Math.min(limit, 45 - seen.length));
        seen.push(...page.items.map((p) => p.id));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(Math.ceil(45 / limit));
      expect(seen).toHaveLength(45);
      expect(new Set(seen).size).toBe(45);
      expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    },
  );

  it('shows the following feed: the people one subscribes to, plus oneself', async () => {
    const [reader, followed, stranger] = [
      createClient(t.ctx.app),
      createClient(t.ctx.app),
      createClient(t.ctx.app),
    ];
    await signUpVerified(t.ctx, reader);
    const followedUser = await signUpVerified(t.ctx, followed);
    await signUpVerified(t.ctx, stranger);
    const own = await publish(t.ctx, reader);
    const theirs = await publish(t.ctx, followed);
    const strangers = await publish(t.ctx, stranger);
    await reader.post('/follow', { username: followedUser.username });
    const ids = (await reader.get('/posts?feed=following&limit=100'))
      .json()
      .items.map((p: { id: number }) => p.id);
    expect(ids).toContain(own.id);
    expect(ids).toContain(theirs.id);
    expect(ids).not.toContain(strangers.id);
  });

  it('answers a page in the same number of SQL statements whatever its size', async () => {
    const user = await signUpVerified(t.ctx, createClient(t.ctx.app));
    const userId = await userIdOf(t.ctx, user.username);
    await seedPosts(t.ctx, userId, 60);
    const countFor = async (url: string) => {
      // A token the server has not seen yet, so the member's lookup is always there to count
      // (a token seen a moment ago may be answered from the session cache).
      const client = createClient(t.ctx.app);
      client.token = (await client.post('/signin', user)).json().token;
      t.ctx.queries.count = 0;
      const response = await client.get(url);
      expect(response.statusCode).toBe(200);
      return t.ctx.queries.count;
    };
    // Everyone's newest page is shared (feed-cache-routes.test.ts counts it); one member's is not.
    // The process reads the feed's version once, before its first page: not counted here.
    await countFor('/posts?limit=10');
    const small = await countFor(`/posts?limit=2&user_id=${userId}`);
    const large = await countFor(`/posts?limit=50&user_id=${userId}`);
    const following = await countFor('/posts?limit=50&feed=following');
    expect(large).toBe(small);
    expect(following).toBe(small);
    // One statement to load the signed-in member, one for the page.
    expect(large).toBe(2);
  });
});

describe('DELETE /api/post/:id', () => {
  it('answers 401, 404, and 403 to someone who is not the author', async () => {
    const post = await publish(t.ctx, t.author);
    expect((await createClient(t.ctx.app).delete(`/post/${post.id}`)).statusCode).toBe(401);
    expect((await t.author.delete('/post/999999')).statusCode).toBe(404);
    const other = createClient(t.ctx.app);
    await signUpVerified(t.ctx, other);
    const response = await other.delete(`/post/${post.id}`);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(POST_MESSAGES.notAuthor);
  });

  it('lets the author delete the post and its image file', async () => {
    const image = await uploadImage(t.author);
    const post = await publish(t.ctx, t.author, { image });
    expect((await t.ctx.app.inject({ url: image })).statusCode).toBe(200);
    expect((await t.author.delete(`/post/${post.id}`)).statusCode).toBe(200);
    expect((await t.author.get(`/comments-count/${post.id}`)).statusCode).toBe(404);
    expect((await t.ctx.app.inject({ url: image })).statusCode).toBe(404);
  });

  it('lets an admin delete anyone’s post', async () => {
    const post = await publish(t.ctx, t.author);
    const admin = createClient(t.ctx.app);
    await signUpVerified(t.ctx, admin, { ...newUser(), email: 'admin@example.com' });
    expect((await admin.delete(`/post/${post.id}`)).statusCode).toBe(200);
  });
});
