import { MENTIONS_MAX, type Comment } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, publish, type Member } from '../../test/factories';
import { notificationsOfType } from '../../test/reports';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ rateLimits: false });
});
afterAll(() => ctx.app.close());

const members = (n: number) => Promise.all(Array.from({ length: n }, () => createMember(ctx)));
const mentionsOf = (member: Member) => notificationsOfType(member, 'mention');

async function comment(member: Member, postId: number, text: string) {
  const response = await member.client.post('/comment', { postId, text });
  expect(response.statusCode).toBe(201);
  return response.json() as Comment;
}

async function editPost(member: Member, postId: number, description: string) {
  expect((await member.client.patch(`/post/${postId}`, { description })).statusCode).toBe(200);
}

describe('mentions in a post', () => {
  it('tell the member named, with the post as subject, and never the author', async () => {
    const [author, named] = await members(2);
    const post = await publish(ctx, author!.client, {
      title: 'Desk setup',
      description: `Thanks @${named!.username.toUpperCase()} and @${author!.username}!`,
    });
    const [notice] = await mentionsOf(named!);
    expect(notice).toMatchObject({
      type: 'mention',
      readAt: null,
      actorsCount: 1,
      actors: [{ id: author!.id, username: author!.username }],
      subject: { post: { id: post.id, title: 'Desk setup' }, comment: null },
    });
    expect(await mentionsOf(author!)).toEqual([]);
    expect((await named!.client.get('/me')).json().unreadNotifications).toBe(1);
  });

  it('an edit that keeps a name tells nobody twice; a new name is told once', async () => {
    const [author, first, second] = await members(3);
    const post = await publish(ctx, author!.client, { description: `Hi @${first!.username}` });
    await editPost(author!, post.id, `Hi again @${first!.username}`);
    await editPost(author!, post.id, `Hi @${first!.username} and @${second!.username}`);
    expect(await mentionsOf(first!)).toHaveLength(1);
    expect(await mentionsOf(second!)).toHaveLength(1);
  });

  it('tells the first ten distinct names only, and ignores unknown names and e-mail addresses', async () => {
    const [author, ...named] = await members(MENTIONS_MAX + 1);
    const names = named.map((member) => `@${member.username}`);
    const description = `@nobody_at_all ${names.join(' ')} ${names[0]!} x${named[0]!.username}@example.com`;
    await publish(ctx, author!.client, { description });
    for (const member of named.slice(0, MENTIONS_MAX - 1))
      expect(await mentionsOf(member)).toHaveLength(1);
    // The unknown name took the first of the ten places.
    expect(await mentionsOf(named.at(-1)!)).toEqual([]);
    const [mailed] = await members(1);
    await publish(ctx, author!.client, {
      description: `Write to x${mailed!.username}@example.com`,
    });
    await publish(ctx, author!.client, { description: `Write to ${mailed!.username}@example.com` });
    expect(await mentionsOf(mailed!)).toEqual([]);
  });

  it('tells nobody across a block, either way, nor a member who switched mentions off', async () => {
    const [author, blocker, blocked, quiet, suspended] = await members(5);
    await blocker!.client.post('/block', { username: author!.username });
    await author!.client.post('/block', { username: blocked!.username });
    await quiet!.client.put('/notifications/settings', { mention: false });
    await ctx.app.db.execute(
      sql`update users set suspended_at = now() where id = ${suspended!.id}`,
    );
    const silent = [blocker, blocked, quiet, suspended] as Member[];
    await publish(ctx, author!.client, {
      description: silent.map((member) => `@${member.username}`).join(' '),
    });
    // A suspended member cannot read their list: their rows are counted here.
    const told = (await ctx.app.db.execute(
      sql`select count(*)::int as n from notifications where type = 'mention'
        and user_id in (${sql.join(
          silent.map((member) => sql`${member.id}`),
          sql`, `,
        )})`,
    )) as unknown as { rows: { n: number }[] };
    expect(told.rows[0]!.n).toBe(0);
  });

  it('goes with the post it is about', async () => {
    const [author, named] = await members(2);
    const post = await publish(ctx, author!.client, { description: `Hi @${named!.username}` });
    expect(await mentionsOf(named!)).toHaveLength(1);
    expect((await author!.client.delete(`/post/${post.id}`)).statusCode).toBe(200);
    expect(await mentionsOf(named!)).toEqual([]);
  });
});

describe('mentions in a comment', () => {
  it('tell the member named with the comment as subject; an edit adds only new names', async () => {
    const [author, commenter, named, later] = await members(4);
    const post = await publish(ctx, author!.client, { title: 'Desk setup' });
    const said = await comment(commenter!, post.id, `@${named!.username} look`);
    await commenter!.client.patch(`/comment/${said.id}`, { text: `@${named!.username} look!` });
    const [notice] = await mentionsOf(named!);
    expect(notice).toMatchObject({
      actors: [{ id: commenter!.id }],
      subject: {
        post: { id: post.id, title: 'Desk setup' },
        comment: { id: said.id, text: `@${named!.username} look!` },
      },
    });
    expect(await mentionsOf(named!)).toHaveLength(1);
    await commenter!.client.patch(`/comment/${said.id}`, { text: `@${later!.username} too` });
    expect(await mentionsOf(later!)).toHaveLength(1);
    expect(await mentionsOf(named!)).toHaveLength(1);
    // The post's author hears of the comment as before, and nobody of their own comment.
    expect(await notificationsOfType(author!, 'comment')).toHaveLength(1);
    await comment(commenter!, post.id, `me, @${commenter!.username}`);
    expect(await mentionsOf(commenter!)).toEqual([]);
  });

  it("tells the post's author of a new comment once, as a comment, even when it names them", async () => {
    const [author, commenter] = await members(2);
    const post = await publish(ctx, author!.client);
    const said = await comment(commenter!, post.id, `@${author!.username} nice`);
    await commenter!.client.patch(`/comment/${said.id}`, { text: `@${author!.username} nice!` });
    expect(await notificationsOfType(author!, 'comment')).toHaveLength(1);
    expect(await mentionsOf(author!)).toEqual([]);
  });

  it('a comment on a post across a block adds nothing and tells nobody', async () => {
    const [author, commenter, named] = await members(3);
    const post = await publish(ctx, author!.client);
    await author!.client.post('/block', { username: commenter!.username });
    const response = await commenter!.client.post('/comment', {
      postId: post.id,
      text: `@${named!.username}`,
    });
    expect(response.statusCode).toBe(403);
    expect(await mentionsOf(named!)).toEqual([]);
  });

  it('is one statement, naming members or not', async () => {
    const [author, named] = await members(2);
    const post = await publish(ctx, author!.client);
    // On their own post, so that no comment notification (nor anything it sets off) is counted.
    const statements = async (text: string) => {
      ctx.queries.count = 0;
      await comment(author!, post.id, text);
      return ctx.queries.count;
    };
    const plain = await statements('Nobody named');
    expect(plain).toBe(1);
    expect(await statements('Write to ada@example.com or @ab')).toBe(plain);
    expect(await statements(`@${named!.username}`)).toBe(plain);
    expect(await mentionsOf(named!)).toHaveLength(1);
  });

  it('reads a long text full of @ in bounded time, naming nobody', async () => {
    const [author] = await members(1);
    const post = await publish(ctx, author!.client);
    const started = performance.now();
    const said = await comment(
      author!,
      post.id,
      `${'@'.repeat(400)}${' @ab'.repeat(100)}${'@x'.repeat(50)}`,
    );
    expect(performance.now() - started).toBeLessThan(2_000);
    const recorded = (await ctx.app.db.execute(
      sql`select count(*)::int as n from mentions where comment_id = ${said.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(recorded.rows[0]!.n).toBe(0);
  });
});
