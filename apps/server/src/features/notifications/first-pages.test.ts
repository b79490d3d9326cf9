import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMember, publish, rename, type Member } from '../../test/factories';
import { useTournament } from '../../test/tournament';

const t = useTournament();
const member = () => createMember(t.ctx);

/** The list as `who` gets it, and how many statements the answer took. */
async function listed(who: Member, query = '') {
  t.ctx.queries.count = 0;
  const response = await who.client.get(`/notifications${query}`);
  expect(response.statusCode).toBe(200);
  return { page: response.json(), statements: t.ctx.queries.count };
}

const ok = (response: { statusCode: number }) => expect(response.statusCode).toBe(200);
/**
 * A page kept and still current: one statement for its state on PostgreSQL, none on PGlite,
 * where every write passes through the server and is counted (db/writes.ts).
 */
const KEPT_STATEMENTS = process.env.TEST_DB === 'postgres' ? 1 : 0;

describe("a member's kept first page", () => {
  it('answers in one statement until something on it changes', async () => {
    const [author, a, b] = [await member(), await member(), await member()];
    const post = await publish(t.ctx, author.client, { title: 'Kept' });
    ok(await a.client.post('/like', { post_id: post.id }));
    const first = await listed(author);
    expect(first.statements).toBe(2);
    const again = await listed(author);
    expect(again).toEqual({ page: first.page, statements: KEPT_STATEMENTS });

    // A like into the unread group moves no count, but the group reads differently.
    ok(await b.client.post('/like', { post_id: post.id }));
    const grown = await listed(author);
    expect(grown.statements).toBe(2);
    expect(grown.page.items[0]).toMatchObject({
      actorsCount: 2,
      actors: [{ id: b.id }, { id: a.id }],
    });
    expect(grown.page.unread).toBe(1);

    ok(await author.client.post('/notifications/read', {}));
    const read = await listed(author);
    expect(read.page.unread).toBe(0);
    expect(read.page.items[0].readAt).toEqual(expect.any(String));
    expect((await listed(author)).statements).toBe(KEPT_STATEMENTS);
  });

  it('shows a retitled post, an edited comment, a renamed actor and a deleted post at once', async () => {
    const [author, a] = [await member(), await member()];
    const post = await publish(t.ctx, author.client, { title: 'Before' });
    const comment = (
      await a.client.post('/comment', { postId: post.id, text: 'First words' })
    ).json();
    await listed(author);

    ok(await author.client.patch(`/post/${post.id}`, { title: 'After' }));
    ok(await a.client.patch(`/comment/${comment.id}`, { text: 'Second words' }));
    ok(await rename(a, 'Renamed Actor'));
    const { page } = await listed(author);
    expect(page.items[0]).toMatchObject({
      subject: { post: { title: 'After' }, comment: { text: 'Second words' } },
      actors: [{ id: a.id, fullName: 'Renamed Actor' }],
    });

    // However the change comes, not only through the API: the version is the database's.
    await t.ctx.app.db.execute(sql`update users set avatar = '/uploads/x.webp' where id = ${a.id}`);
    expect((await listed(author)).page.items[0].actors[0].avatar).toBe('/uploads/x.webp');

    ok(await author.client.delete(`/post/${post.id}`));
    expect((await listed(author)).page.items).toEqual([]);
  });

  it('shows a changed match to a participant who switched tournament notifications off', async () => {
    const [p1, p2] = await t.participants(2);
    const base = { round: 'round1', matchIndex: 0, team1Id: p1!.id, team2Id: p2!.id };
    ok(await t.saveMatch(base));
    expect((await listed(p1!)).page.items[0].subject.match.score).toBeNull();
    ok(await p1!.client.put('/notifications/settings', { tournament: false }));
    ok(await t.saveMatch({ ...base, score: '2:1', winnerId: p1!.id }));
    const { page, statements } = await listed(p1!);
    expect(statements).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0].subject.match).toMatchObject({ score: '2:1', winnerId: p1!.id });
  });

  it('keeps each page size and the unread-only list apart', async () => {
    const [author, a, b] = [await member(), await member(), await member()];
    const post = await publish(t.ctx, author.client, { title: 'Shapes' });
    ok(await a.client.post('/follow', { username: author.username }));
    ok(await b.client.post('/like', { post_id: post.id }));
    const [group] = (await listed(author, '?limit=1')).page.items;
    ok(await author.client.post('/notifications/read', { ids: [group.id] }));
    expect((await listed(author)).page.items).toHaveLength(2);
    expect((await listed(author, '?limit=1')).page.items).toEqual([
      expect.objectContaining({ id: group.id, readAt: expect.any(String) }),
    ]);
    const unreadOnly = await listed(author, '?unread=true');
    expect(unreadOnly.page.items.map((g: { id: number }) => g.id)).not.toContain(group.id);
    expect(unreadOnly.page.items).toHaveLength(1);
  });
});
