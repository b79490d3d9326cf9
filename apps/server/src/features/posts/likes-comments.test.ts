import { COMMENT_MESSAGES } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestApp,
  newUser,
  signUpVerified,
  type Client,
  type TestContext,
} from '../../test/app';
import { publish } from '../../test/factories';

let ctx: TestContext;
let author: Client;
let fan: Client;
let fanName: string;
beforeAll(async () => {
  ctx = await createTestApp({ adminEmails: new Set(['moderator@example.com']) });
  author = createClient(ctx.app);
  fan = createClient(ctx.app);
  await signUpVerified(ctx, author);
  fanName = (await signUpVerified(ctx, fan)).username;
});
afterAll(() => ctx.app.close());

describe('likes', () => {
  it('answer 401 without a token, 400 for a bad id and 404 for a missing post', async () => {
    expect((await createClient(ctx.app).post('/like', { post_id: 1 })).statusCode).toBe(401);
    expect((await fan.post('/like', { post_id: 'abc' })).statusCode).toBe(400);
    expect((await fan.post('/like', { post_id: 999999 })).statusCode).toBe(404);
    expect((await fan.delete('/like/999999')).statusCode).toBe(404);
  });

  it('are idempotent: liking twice counts once, unliking twice is harmless', async () => {
    const post = await publish(ctx, author);
    expect((await fan.post('/like', { post_id: post.id })).json()).toEqual({
      likesCount: 1,
      likedByMe: true,
    });
    expect((await fan.post('/like', { post_id: post.id })).json()).toEqual({
      likesCount: 1,
      likedByMe: true,
    });
    expect((await fan.delete(`/like/${post.id}`)).json()).toEqual({
      likesCount: 0,
      likedByMe: false,
    });
    expect((await fan.delete(`/like/${post.id}`)).json()).toEqual({
      likesCount: 0,
      likedByMe: false,
    });
  });

  it('count once under many simultaneous likes by the same member', async () => {
    const post = await publish(ctx, author);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fan.post('/like', { post_id: post.id })),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const likers = (await author.get(`/likes/${post.id}`)).json();
    expect(likers.total).toBe(1);
  });

  it('show in the post, in the likers list and in user-likes', async () => {
    const post = await publish(ctx, author);
    await fan.post('/like', { post_id: post.id });
    const feed = (await fan.get('/posts?limit=100')).json().items;
    expect(feed.find((p: { id: number }) => p.id === post.id)).toMatchObject({
      likesCount: 1,
      likedByMe: true,
    });
    const list = (await author.get(`/likes/${post.id}`)).json();
    expect(list).toEqual({
      data: [{ fromUser: expect.objectContaining({ username: fanName }) }],
      total: 1,
    });
    expect((await fan.get('/user-likes')).json().likedPosts).toContain(post.id);
  });
});

describe('comments', () => {
  it('answer 401 without a token, 400 for blank text and 404 for a missing post', async () => {
    const post = await publish(ctx, author);
    expect(
      (await createClient(ctx.app).post('/comment', { postId: post.id, text: 'hi' })).statusCode,
    ).toBe(401);
    const blank = await fan.post('/comment', { postId: post.id, text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: COMMENT_MESSAGES.empty, field: 'text' });
    expect((await fan.post('/comment', { postId: 999999, text: 'hi' })).statusCode).toBe(404);
    expect((await fan.get('/comments/999999')).statusCode).toBe(404);
  });

  it('are listed oldest first, paged, and counted', async () => {
    const post = await publish(ctx, author);
    for (const text of ['first', 'second', 'third']) {
      expect((await fan.post('/comment', { postId: post.id, text })).statusCode).toBe(201);
    }
    const page1 = (await author.get(`/comments/${post.id}?limit=2`)).json();
    expect(page1.items.map((c: { text: string }) => c.text)).toEqual(['first', 'second']);
    expect(page1.items[0]).toMatchObject({ postId: post.id, author: { username: fanName } });
    const page2 = (
      await author.get(`/comments/${post.id}?limit=2&cursor=${page1.nextCursor}`)
    ).json();
    expect(page2).toMatchObject({
      items: [expect.objectContaining({ text: 'third' })],
      nextCursor: null,
    });
    expect((await author.get(`/comments-count/${post.id}`)).json()).toEqual({ count: 3 });
    // Every page is one statement (the member is remembered from the request just before):
    // one with comments, the empty one past the last, and a thread that has none yet.
    await author.get('/me');
    const quiet = await publish(ctx, author);
    for (const [address, items] of [
      [`/comments/${post.id}?limit=2`, 2],
      [`/comments/${post.id}?limit=2&cursor=${page2.nextCursor ?? page1.nextCursor}`, 1],
      [`/comments/${quiet.id}`, 0],
    ] as const) {
      ctx.queries.count = 0;
      const answer = await author.get(address);
      expect([answer.statusCode, answer.json().items.length, ctx.queries.count]).toEqual([
        200,
        items,
        1,
      ]);
    }
  });

  it('a thread read past its end is empty, and a deleted post answers 404', async () => {
    const post = await publish(ctx, author);
    const first = (await fan.post('/comment', { postId: post.id, text: 'first' })).json();
    const last = (await fan.post('/comment', { postId: post.id, text: 'last' })).json();
    const page = (await author.get(`/comments/${post.id}?limit=1`)).json();
    expect(page.items).toEqual([first]);
    expect((await fan.delete(`/comment/${last.id}`)).statusCode).toBe(200);
    expect((await author.get(`/comments/${post.id}?cursor=${page.nextCursor}`)).json()).toEqual({
      items: [],
      nextCursor: null,
    });
    expect((await author.delete(`/post/${post.id}`)).statusCode).toBe(200);
    expect((await author.get(`/comments/${post.id}`)).statusCode).toBe(404);
  });

  it('are deleted by their author or an admin, never by someone else', async () => {
    const post = await publish(ctx, author);
    const comment = (await fan.post('/comment', { postId: post.id, text: 'mine' })).json();
    const other = (await fan.post('/comment', { postId: post.id, text: 'also mine' })).json();
    const refused = await author.delete(`/comment/${comment.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMMENT_MESSAGES.notAuthor);
    expect((await fan.delete(`/comment/${comment.id}`)).statusCode).toBe(200);
    expect((await fan.delete(`/comment/${comment.id}`)).statusCode).toBe(404);
    const admin = createClient(ctx.app);
    await signUpVerified(ctx, admin, { ...newUser(), email: 'moderator@example.com' });
    expect((await admin.delete(`/comment/${other.id}`)).statusCode).toBe(200);
    expect((await author.get(`/comments-count/${post.id}`)).json()).toEqual({ count: 0 });
  });
});

describe('round trips', () => {
  it('a like, an unlike and a comment are one statement each, notification and answer included', async () => {
    const post = await publish(ctx, author);
    // The session is read once, then kept: only the action's statements are counted.
    await fan.get('/me');
    const statements = async (send: () => Promise<{ statusCode: number }>) => {
      ctx.queries.count = 0;
      const { statusCode } = await send();
      return [statusCode, ctx.queries.count];
    };
    expect(await statements(() => fan.post('/like', { post_id: post.id }))).toEqual([200, 1]);
    expect(await statements(() => fan.delete(`/like/${post.id}`))).toEqual([200, 1]);
    let answer: unknown;
    const comment = async () => {
      const sent = await fan.post('/comment', { postId: post.id, text: 'Counted once' });
      answer = sent.json();
      return sent;
    };
    expect(await statements(comment)).toEqual([201, 1]);
    // The answer is the comment as the thread shows it.
    expect((await fan.get(`/comments/${post.id}`)).json().items).toEqual([answer]);
  });
});
