import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish } from '../../test/factories';
import { removeOldNotifications } from './retention-job';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
});
afterAll(() => ctx.app.close());

type Row = Record<string, number>;
const rows = async (query: ReturnType<typeof sql>) =>
  ((await ctx.app.db.execute(query)) as unknown as { rows: Row[] }).rows;

/** What the counter row and each group's actorsCount say, against the rows they count. */
async function drift(userId: number) {
  const [counter] = await rows(sql`
    select coalesce((select unread from notification_counts where user_id = ${userId}), 0) as kept,
           (select count(*)::int from notifications where user_id = ${userId} and read_at is null) as real`);
  const groups = await rows(sql`
    select n.id, n.actors_count as kept, (select count(*)::int from notification_actors a
      where a.notification_id = n.id) as real
    from notifications n where n.user_id = ${userId}`);
  return { counter, groups: groups.filter((g) => g.kept !== g.real || g.real === 0) };
}

describe('the unread counter and actor counts', () => {
  it('stay exact under a race of likes, unlikes, reads and deletions', async () => {
    const author = await createMember(ctx);
    const fans = await Promise.all(Array.from({ length: 8 }, () => createMember(ctx)));
    const posts: { id: number }[] = [];
    for (let i = 0; i < 4; i++) posts.push(await publish(ctx, author.client));
    const doomed = posts.pop()!;

    const actions = fans.flatMap((fan, i) =>
      posts.flatMap((post) => [
        () => fan.client.post('/like', { post_id: post.id }),
        () => fan.client.delete(`/like/${post.id}`),
        () => fan.client.post('/like', { post_id: post.id }),
        () => fan.client.post('/like', { post_id: doomed.id }),
        () => (i % 3 === 0 ? author.client.post('/notifications/read', {}) : fan.client.get('/me')),
      ]),
    );
    actions.push(() => author.client.delete(`/post/${doomed.id}`));
    actions.push(() => fans[0]!.client.delete('/me'));
    const answers = await Promise.all(actions.map((act) => act()));
    expect(answers.filter((answer) => answer.statusCode >= 500)).toEqual([]);

    const { counter, groups } = await drift(author.id);
    expect(counter!.kept).toBe(counter!.real);
    expect(groups).toEqual([]);
    const page = (await author.client.get('/notifications')).json();
    expect(page.unread).toBe(counter!.real);
    expect((await author.client.get('/me')).json().unreadNotifications).toBe(counter!.real);
  });
});

describe('retention', () => {
  it('deletes read groups older than 90 days, never an unread one', async () => {
    const [author, fan] = [await createMember(ctx), await createMember(ctx)];
    const posts: { id: number }[] = [];
    for (let i = 0; i < 3; i++) posts.push(await publish(ctx, author.client));
    for (const post of posts) await fan.client.post('/like', { post_id: post.id });
    const [recent, old, oldUnread] = (await author.client.get('/notifications')).json().items;
    await author.client.post('/notifications/read', { ids: [recent.id, old.id] });
    const ages = [
      [old.id, '91 days'],
      [oldUnread.id, '200 days'],
      [recent.id, '89 days'],
    ];
    for (const [id, age] of ages)
      await ctx.app.db
        .update(notifications)
        .set({ createdAt: sql`now() - ${age}::interval` })
        .where(eq(notifications.id, id));

    expect(await removeOldNotifications(ctx.app.db)).toBeGreaterThanOrEqual(1);
    const left = (await author.client.get('/notifications')).json();
    expect(left.items.map((g: { id: number }) => g.id)).toEqual([recent.id, oldUnread.id]);
    expect(left.unread).toBe(1);
  });
});
