import type { Post } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish, type Member } from '../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
});
afterAll(() => ctx.app.close());

/** The first page of a feed, which the server keeps (features/posts/feed-cache.ts). */
const firstPage = async (member: Member, feed: 'all' | 'following' = 'all') => {
  const response = await member.client.get(
    `/posts?limit=50${feed === 'all' ? '' : '&feed=following'}`,
  );
  expect(response.statusCode).toBe(200);
  return (response.json().items as Post[]).map((post) => post.id);
};

/** Two members who follow each other, each with a post, and a third who reads along. */
async function neighbours() {
  const [a, b, reader] = [
    await createMember(ctx),
    await createMember(ctx),
    await createMember(ctx),
  ];
  await a.client.post('/follow', { username: b.username });
  await b.client.post('/follow', { username: a.username });
  const posts = { a: (await publish(ctx, a.client)).id, b: (await publish(ctx, b.client)).id };
  // Every page is read, and so kept, before the change.
  for (const member of [reader, a, b]) {
    expect(await firstPage(member)).toEqual(expect.arrayContaining([posts.a, posts.b]));
  }
  expect(await firstPage(a, 'following')).toContain(posts.b);
  expect(await firstPage(b, 'following')).toContain(posts.a);
  return { a, b, reader, posts };
}

describe('kept first pages and blocks', () => {
  it("never show a member's post to the other of a block after it, either way, in either feed", async () => {
    const { a, b, reader, posts } = await neighbours();
    await a.client.post('/block', { username: b.username });
    expect(await firstPage(a)).not.toContain(posts.b);
    expect(await firstPage(a, 'following')).not.toContain(posts.b);
    expect(await firstPage(b)).not.toContain(posts.a);
    expect(await firstPage(b, 'following')).not.toContain(posts.a);
    expect(await firstPage(reader)).toEqual(expect.arrayContaining([posts.a, posts.b]));
    await a.client.post('/unblock', { username: b.username });
    expect(await firstPage(a)).toContain(posts.b);
    expect(await firstPage(b)).toContain(posts.a);
  });

  it("never show a muted author's post to the muter after the mute, until it is taken back", async () => {
    const { a, b, reader, posts } = await neighbours();
    await a.client.post('/mute', { username: b.username });
    expect(await firstPage(a)).not.toContain(posts.b);
    expect(await firstPage(a, 'following')).not.toContain(posts.b);
    expect(await firstPage(b)).toContain(posts.a);
    expect(await firstPage(reader)).toContain(posts.b);
    await a.client.post('/unmute', { username: b.username });
    expect(await firstPage(a)).toContain(posts.b);
    expect(await firstPage(a, 'following')).toContain(posts.b);
  });
});

describe('the shared first page', () => {
  it('still answers a member without relations in one statement, beside one with', async () => {
    const { a, b, reader, posts } = await neighbours();
    await a.client.post('/mute', { username: b.username });
    const other = await createMember(ctx);
    // Signed in and remembered (plugins/session-cache.ts): only the feed's statements count.
    await other.client.get('/me');
    await firstPage(reader);
    await firstPage(a);
    ctx.queries.count = 0;
    expect(await firstPage(other)).toContain(posts.b);
    expect(ctx.queries.count).toBe(1);
    // The member with a relation keeps a page of their own: their check, then their page's;
    // PGlite keeps both checks until the next write (db/writes.ts).
    await firstPage(a);
    ctx.queries.count = 0;
    expect(await firstPage(a)).not.toContain(posts.b);
    expect(ctx.queries.count).toBe(process.env.TEST_DB === 'postgres' ? 2 : 0);
  });
});
