import type { Post } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type Client, type TestContext } from '../../test/app';
import { createMember, publish, rename, type Member } from '../../test/factories';

/**
 * Two processes on one database, as behind a load balancer. Without Redis they hear nothing of
 * each other, the harshest case: a member's next request must still show their own writes on
 * the other process, from the database's feed version alone.
 */
describe('a member reads their own writes on the other process', () => {
  const redisUrl = process.env.TEST_REDIS_URL;
  let one: TestContext;
  let two: TestContext;
  let member: Member;
  let there: Client;
  beforeAll(async () => {
    one = await createTestApp({ rateLimits: false, redisUrl });
    two = await createTestApp({ rateLimits: false, redisUrl, sameDatabaseAs: one });
    member = await createMember(one);
    there = createClient(two.app);
    there.token = member.token;
  });
  afterAll(async () => {
    await two?.app.close();
    await one?.app.close();
  });

  const firstPage = async (feed: 'all' | 'following', etag?: string) => {
    const response = await there.get(`/posts?limit=10&feed=${feed}`, {
      ...(etag ? { 'if-none-match': etag } : {}),
    });
    return {
      status: response.statusCode,
      etag: String(response.headers.etag),
      items: (response.statusCode === 200 ? response.json().items : []) as Post[],
    };
  };

  it('sees each of their likes and unlikes at once while others like and publish on both', async () => {
    const others = await Promise.all([createMember(one), createMember(two)]);
    const posts: { id: number }[] = [];
    for (let i = 0; i < 5; i++) posts.push(await publish(one, others[i % 2]!.client));
    let etag = (await firstPage('all')).etag;
    let busy = true;
    // Other members' likes and posts on both processes, all the while. Two posts each at most,
    // so the five liked ones stay on the first page of 10: a like off it rightly changes nothing.
    const noise = Promise.all(
      others.map(async (other, n) => {
        for (let i = 0; busy; i++) {
          if (i % 10 === 9 && i < 20) await publish(n === 0 ? one : two, other.client);
          const postId = posts[i % posts.length]!.id;
          await other.client.post('/like', { post_id: postId });
          await other.client.delete(`/like/${postId}`);
        }
      }),
    );
    try {
      for (let round = 0; round < 40; round++) {
        const postId = posts[round % posts.length]!.id;
        const liked = round % 10 < 5;
        const write = liked
          ? await member.client.post('/like', { post_id: postId })
          : await member.client.delete(`/like/${postId}`);
        expect(write.statusCode).toBe(200);
        // The page from before the write is not the page now: never a 304 for it.
        const page = await firstPage('all', etag);
        expect(page.status).toBe(200);
        expect(page.items.find((p) => p.id === postId)?.likedByMe).toBe(liked);
        etag = page.etag;
      }
    } finally {
      busy = false;
      await noise;
    }
  });

  it('sees their new post, their comment, their new name and a subscription at once', async () => {
    const { id } = await publish(one, member.client);
    expect((await firstPage('all')).items[0]?.id).toBe(id);
    expect((await firstPage('following')).items[0]?.id).toBe(id);

    const comment = await member.client.post('/comment', { postId: id, text: 'First!' });
    expect(comment.statusCode).toBe(201);
    expect((await firstPage('all')).items[0]?.commentsCount).toBe(1);

    const renamed = await rename(member, 'Renamed Elsewhere');
    expect(renamed.statusCode).toBe(200);
    expect((await firstPage('all')).items[0]?.author.fullName).toBe('Renamed Elsewhere');

    const followed = await createMember(two);
    const theirs = await publish(two, followed.client);
    expect((await firstPage('following')).items.map((p) => p.id)).not.toContain(theirs.id);
    const follow = await member.client.post('/follow', { username: followed.username });
    expect(follow.statusCode).toBe(200);
    expect((await firstPage('following')).items[0]?.id).toBe(theirs.id);

    expect((await member.client.delete(`/post/${id}`)).statusCode).toBe(200);
    expect((await firstPage('all')).items.map((p) => p.id)).not.toContain(id);
  });
});
