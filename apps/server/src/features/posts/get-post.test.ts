import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish } from '../../test/factories';

describe('GET /api/post/:id', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.app.close());

  it('answers the post as the caller sees it, and 404 once it is gone', async () => {
    const [author, reader] = [await createMember(ctx), await createMember(ctx)];
    const post = await publish(ctx, author.client, { title: 'Clutch 1v4' });
    await reader.client.post('/like', { post_id: post.id });

    const seen = await reader.client.get(`/post/${post.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      id: post.id,
      title: 'Clutch 1v4',
      author: { id: author.id, username: author.username },
      likesCount: 1,
      likedByMe: true,
      commentsCount: 0,
    });
    expect((await author.client.get(`/post/${post.id}`)).json().likedByMe).toBe(false);

    await author.client.delete(`/post/${post.id}`);
    const gone = await reader.client.get(`/post/${post.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Post not found');
  });
});
