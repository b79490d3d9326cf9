import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish } from '../../test/factories';
import { feedSource } from './feed-fresh';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
});
afterAll(() => ctx.app.close());

describe("the kept pages' checks", () => {
  it("go as one statement when they arrive together, each with its own viewer's likes", async () => {
    const [author, liker, other] = await Promise.all([1, 2, 3].map(() => createMember(ctx)));
    const first = await publish(ctx, author!.client);
    const second = await publish(ctx, author!.client);
    await liker!.client.post('/like', { post_id: first.id });
    const source = feedSource(ctx.app.db);
    const ids = [second.id, first.id, 2_147_483_000];

    ctx.queries.count = 0;
    const [likers, others, none] = await Promise.all([
      source.fresh(liker!.id, ids),
      source.fresh(other!.id, ids),
      source.fresh(other!.id, []),
    ]);
    expect(ctx.queries.count).toBe(1);

    expect(new Set([likers!.version, others!.version, none!.version]).size).toBe(1);
    expect(Object.fromEntries(likers!.counts)).toEqual({
      [first.id]: { likesCount: 1, commentsCount: 0, likedByMe: true },
      [second.id]: { likesCount: 0, commentsCount: 0, likedByMe: false },
    });
    expect(others!.counts.get(first.id)).toEqual({
      likesCount: 1,
      commentsCount: 0,
      likedByMe: false,
    });
    // A post that is gone has no counts: the kept page holding it is stale.
    expect(others!.counts.has(2_147_483_000)).toBe(false);
    expect(none!.counts.size).toBe(0);
  });
});
