import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { rowsOf } from '../../test/database';
import { createMember, publish, type Member } from '../../test/factories';

const ADMIN_EMAIL = 'counters-admin@example.com';

let ctx: TestContext;
let author: Member;
let admin: Member;
beforeAll(async () => {
  // Rate limits off: one author publishes for every test, close to the ten posts a minute allowed.
  ctx = await createTestApp({ adminEmails: new Set([ADMIN_EMAIL]), rateLimits: false });
  author = await createMember(ctx);
  admin = await createMember(ctx, { email: ADMIN_EMAIL });
});
afterAll(() => ctx.app.close());

const rows = <Row>(query: SQL) => rowsOf<Row>(ctx.app.db, query);

/** Posts whose counters differ from a count of their rows: there must never be any. */
const drifted = () =>
  rows<{ id: number }>(sql`
    select id from posts p
    where likes_count <> (select count(*) from likes where post_id = p.id)
       or comments_count <> (select count(*) from comments where post_id = p.id)`);

/** The counts a reader sees on the post's card in the author's feed. */
async function shown(postId: number) {
  const response = await admin.client.get(`/posts?user_id=${author.id}&limit=100`);
  expect(response.statusCode).toBe(200);
  const post = response.json().items.find((item: { id: number }) => item.id === postId);
  return { likes: post?.likesCount, comments: post?.commentsCount };
}

const comment = async (member: Member, postId: number, text = 'Nice one') => {
  const response = await member.client.post('/comment', { postId, text });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
};

describe('the like and comment counts kept on a post', () => {
  it('follow likes, repeated likes and unlikes', async () => {
    const post = await publish(ctx, author.client);
    const [twice, once, undone] = await Promise.all([1, 2, 3].map(() => createMember(ctx)));
    await twice!.client.post('/like', { post_id: post.id });
    await twice!.client.post('/like', { post_id: post.id });
    await once!.client.post('/like', { post_id: post.id });
    await undone!.client.post('/like', { post_id: post.id });
    expect(await shown(post.id)).toEqual({ likes: 3, comments: 0 });
    await undone!.client.delete(`/like/${post.id}`);
    const again = await undone!.client.delete(`/like/${post.id}`);
    expect(again.json()).toEqual({ likesCount: 2, likedByMe: false });
    expect(await shown(post.id)).toEqual({ likes: 2, comments: 0 });
    expect((await author.client.get(`/likes/${post.id}`)).json().total).toBe(2);
    expect(await drifted()).toEqual([]);
  });

  it('follow comments and their deletion by the commenter and by an admin', async () => {
    const post = await publish(ctx, author.client);
    const commenter = await createMember(ctx);
    const ids = [
      await comment(commenter, post.id),
      await comment(commenter, post.id),
      await comment(author, post.id),
    ];
    expect(await shown(post.id)).toEqual({ likes: 0, comments: 3 });
    expect((await commenter.client.delete(`/comment/${ids[0]}`)).statusCode).toBe(200);
    expect((await admin.client.delete(`/admin/comment/${ids[1]}`)).statusCode).toBe(200);
    expect(await shown(post.id)).toEqual({ likes: 0, comments: 1 });
    expect((await author.client.get(`/comments-count/${post.id}`)).json()).toEqual({ count: 1 });
    expect(await drifted()).toEqual([]);
  });

  it('drop what members leave behind when they delete their account or an admin deletes it', async () => {
    const [first, second] = [await publish(ctx, author.client), await publish(ctx, author.client)];
    const [leaver, removed, stayer] = await Promise.all([1, 2, 3].map(() => createMember(ctx)));
    for (const member of [leaver!, removed!, stayer!]) {
      for (const post of [first, second]) {
        await member.client.post('/like', { post_id: post.id });
        await comment(member, post.id);
      }
    }
    await comment(leaver!, first.id, 'one more');
    expect(await shown(first.id)).toEqual({ likes: 3, comments: 4 });
    expect((await leaver!.client.delete('/me')).statusCode).toBe(200);
    expect((await admin.client.delete(`/admin/user/${removed!.id}`)).statusCode).toBe(200);
    expect(await shown(first.id)).toEqual({ likes: 1, comments: 1 });
    expect(await shown(second.id)).toEqual({ likes: 1, comments: 1 });
    expect(await drifted()).toEqual([]);
  });

  it('go with a deleted post and with a deleted author without touching other posts', async () => {
    const doomedAuthor = await createMember(ctx);
    const [doomed, theirs, kept] = [
      await publish(ctx, author.client),
      await publish(ctx, doomedAuthor.client),
      await publish(ctx, author.client),
    ];
    for (const post of [doomed, theirs, kept]) {
      await doomedAuthor.client.post('/like', { post_id: post.id });
      await admin.client.post('/like', { post_id: post.id });
      await comment(doomedAuthor, post.id);
    }
    expect((await author.client.delete(`/post/${doomed.id}`)).statusCode).toBe(200);
    expect((await doomedAuthor.client.delete('/me')).statusCode).toBe(200);
    expect(await shown(kept.id)).toEqual({ likes: 1, comments: 0 });
    expect(await drifted()).toEqual([]);
  });

  it('stay exact under many simultaneous likes, unlikes, comments and deletions', async () => {
    const post = await publish(ctx, author.client);
    const members = await Promise.all(Array.from({ length: 25 }, () => createMember(ctx)));
    // Every member likes twice and comments at once: 75 requests racing on one post's row.
    const first = await Promise.all(
      members.flatMap((member) => [
        member.client.post('/like', { post_id: post.id }),
        member.client.post('/like', { post_id: post.id }),
        member.client.post('/comment', { postId: post.id, text: 'first!' }),
      ]),
    );
    expect(first.map((response) => response.statusCode).filter((s) => s >= 300)).toEqual([]);
    expect(await shown(post.id)).toEqual({ likes: 25, comments: 25 });

    // Then, all at once again: every other member takes the like back, everyone comments anew
    // and deletes the first comment.
    const firstComments = first.filter((_, i) => i % 3 === 2).map((r) => r.json().id as number);
    const second = await Promise.all(
      members.flatMap((member, i) => [
        ...(i % 2 === 0 ? [member.client.delete(`/like/${post.id}`)] : []),
        member.client.post('/comment', { postId: post.id, text: 'second' }),
        member.client.delete(`/comment/${firstComments[i]}`),
      ]),
    );
    expect(second.map((response) => response.statusCode).filter((s) => s >= 300)).toEqual([]);
    expect(await shown(post.id)).toEqual({ likes: 12, comments: 25 });
    expect(await drifted()).toEqual([]);
  });

  it('take likes, unlikes and comments on one post at once without a deadlock', async () => {
    // PostgreSQL aborts one statement of a deadlock after a second, and the server runs it again:
    // more statements than the requests take one by one means two of them collided.
    const post = await publish(ctx, author.client);
    const members = await Promise.all(Array.from({ length: 16 }, () => createMember(ctx)));
    const toggle = (member: Member, i: number, round: number) =>
      (i + round) % 2 === 0
        ? member.client.post('/like', { post_id: post.id })
        : member.client.delete(`/like/${post.id}`);
    const statements = async (requests: () => Promise<{ statusCode: number }[]>) => {
      const before = ctx.queries.count;
      const answers = await requests();
      expect(answers.map((answer) => answer.statusCode).filter((s) => s >= 300)).toEqual([]);
      return ctx.queries.count - before;
    };
    // Round 0 one by one, so that what a member's first request reads once is read by now.
    for (const [i, member] of members.entries()) await toggle(member, i, 0);
    const [first] = members;
    const unlike = await statements(async () => [await toggle(first!, 0, 1)]);
    const like = await statements(async () => [await toggle(first!, 0, 0)]);
    const comment = await statements(async () => [
      await first!.client.post('/comment', { postId: post.id, text: 'alone' }),
    ]);

    // Every round, half the members like, the other half take theirs back, a quarter comment.
    const rounds = 4;
    const together = await statements(async () => {
      const answers = [];
      for (let round = 1; round <= rounds; round++)
        answers.push(
          ...(await Promise.all(
            members.flatMap((member, i) => [
              toggle(member, i, round),
              ...(i % 4 === 0
                ? [member.client.post('/comment', { postId: post.id, text: 'hi' })]
                : []),
            ]),
          )),
        );
      return answers;
    });
    const half = members.length / 2;
    expect(together).toBe(rounds * (half * like + half * unlike + (members.length / 4) * comment));
    expect(await drifted()).toEqual([]);
  });

  it('can never go below zero', async () => {
    const post = await publish(ctx, author.client);
    for (const column of ['likes_count', 'comments_count']) {
      const error = await ctx.app.db
        .execute(sql`update posts set ${sql.identifier(column)} = -1 where id = ${post.id}`)
        .catch((caught: Error) => caught);
      expect(String((error as Error).cause ?? error)).toContain(
        `violates check constraint "posts_${column}_not_negative"`,
      );
    }
  });
});
