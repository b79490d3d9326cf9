import { describe, expect, it } from 'vitest';
import { useTournament } from '../../test/tournament';
import { createMember, publish, type Member } from '../../test/factories';

const t = useTournament();
const member = () => createMember(t.ctx);
const list = async (who: Member) => (await who.client.get('/notifications')).json();
const readAll = async (who: Member) =>
  expect((await who.client.post('/notifications/read', {})).statusCode).toBe(200);

describe('comments', () => {
  it('are one row each with the post and the comment as they are, gone with the comment', async () => {
    const [author, a] = [await member(), await member()];
    const post = await publish(t.ctx, author.client, { title: 'Talk' });
    const first = (await a.client.post('/comment', { postId: post.id, text: 'One' })).json();
    await a.client.post('/comment', { postId: post.id, text: 'Two' });
    await author.client.post('/comment', { postId: post.id, text: 'Mine' });
    const page = await list(author);
    expect(page.unread).toBe(2);
    expect(page.items.map((g: { subject: unknown }) => g.subject)).toEqual([
      { post: { id: post.id, title: 'Talk' }, comment: { id: expect.any(Number), text: 'Two' } },
      { post: { id: post.id, title: 'Talk' }, comment: { id: first.id, text: 'One' } },
    ]);
    expect(page.items[0]).toMatchObject({
      type: 'comment',
      actorsCount: 1,
      actors: [{ id: a.id }],
    });
    expect((await a.client.delete(`/comment/${first.id}`)).statusCode).toBe(200);
    expect((await list(author)).unread).toBe(1);
  });
});

describe('transfers', () => {
  it('notify the recipient of money received, one each, the sender as actor', async () => {
    const [sender, recipient] = [await member(), await member()];
    for (const [amount, note] of [
      [1.5, 'Lunch'],
      [2, undefined],
    ] as const) {
      const response = await sender.client.post('/transaction', {
        amount,
        userName: recipient.username,
        note,
        idempotencyKey: `transfer-${amount}-${sender.id}`,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const page = await list(recipient);
    expect(page.items.map((g: { type: string; subject: unknown }) => [g.type, g.subject])).toEqual([
      ['transfer', { amount: 2, note: null }],
      ['transfer', { amount: 1.5, note: 'Lunch' }],
    ]);
    expect(page.items[0].actors).toEqual([expect.objectContaining({ id: sender.id })]);
    // The welcome credit and the sender's own side notify nobody.
    expect((await list(sender)).items).toEqual([]);
  });
});

describe('tournament', () => {
  it('one group per match while unread; an unchanged save notifies nobody; reset removes it', async () => {
    const [a, b] = await t.participants(2);
    const base = { round: 'round1', matchIndex: 0, team1Id: a!.id, team2Id: b!.id };
    expect((await t.saveMatch(base)).statusCode).toBe(200);
    let page = await list(a!);
    expect(page.items).toHaveLength(1);
    const [placed] = page.items;
    expect(placed).toMatchObject({
      type: 'tournament',
      actors: [{ id: t.admin.id }],
      subject: { match: { round: 'round1', matchIndex: 0, team1Id: a!.id, team2Id: b!.id } },
    });
    expect((await list(b!)).unread).toBe(1);

    await t.saveMatch(base);
    expect((await list(a!)).items[0].createdAt).toBe(placed.createdAt);
    await t.saveMatch({ ...base, matchDate: '2030-05-01', matchTime: '18:00' });
    page = await list(a!);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: placed.id,
      subject: { match: { matchTime: '18:00' } },
    });
    expect(page.items[0].createdAt > placed.createdAt).toBe(true);

    await readAll(a!);
    await t.saveMatch({ ...base, matchDate: '2030-05-01', score: '2:1', winnerId: a!.id });
    page = await list(a!);
    expect(page.unread).toBe(1);
    expect(page.items).toHaveLength(2);
    expect(page.items[0].subject.match).toMatchObject({ score: '2:1', winnerId: a!.id });

    expect((await t.admin.client.delete('/tournament-matches')).statusCode).toBe(200);
    expect(await list(a!)).toMatchObject({ items: [], unread: 0 });
  });

  it('does not notify an admin who places themself', async () => {
    const [a] = await t.participants(1);
    await t.enter(t.admin);
    await t.saveMatch({ round: 'round1', matchIndex: 1, team1Id: t.admin.id, team2Id: a!.id });
    expect((await list(t.admin)).items).toEqual([]);
    expect((await list(a!)).unread).toBe(1);
  });
});

describe('moderation and deletions', () => {
  it("an admin's removal tells the author; the post's own groups go with it", async () => {
    const [author, fan] = [await member(), await member()];
    const post = await publish(t.ctx, author.client, { title: 'Doomed' });
    await fan.client.post('/like', { post_id: post.id });
    await author.client.post('/comment', { postId: post.id, text: 'Own post, nobody told' });
    const other = await publish(t.ctx, fan.client, { title: 'Other' });
    const remark = (
      await author.client.post('/comment', { postId: other.id, text: 'Rude' })
    ).json();

    expect((await t.admin.client.delete(`/admin/comment/${remark.id}`)).statusCode).toBe(200);
    expect((await t.admin.client.delete(`/admin/post/${post.id}`)).statusCode).toBe(200);
    const page = await list(author);
    expect(page.items.map((g: { type: string; subject: unknown }) => [g.type, g.subject])).toEqual([
      ['moderation', { targetType: 'post', title: 'Doomed' }],
      ['moderation', { targetType: 'comment', title: 'Other', text: 'Rude' }],
    ]);
    expect(page.items[0].actors).toEqual([expect.objectContaining({ id: t.admin.id })]);
    expect(page.unread).toBe(2);
    // The fan's notification of the author's comment went with the comment.
    expect((await list(fan)).items).toEqual([]);
  });

  it('an author deleting their own post tells nobody', async () => {
    const author = await member();
    const post = await publish(t.ctx, author.client);
    expect((await author.client.delete(`/post/${post.id}`)).statusCode).toBe(200);
    expect((await list(author)).items).toEqual([]);
  });

  it('a deleted member leaves every group; a group left empty disappears', async () => {
    const [author, stays, leaves] = [await member(), await member(), await member()];
    const shared = await publish(t.ctx, author.client, { title: 'Shared' });
    const alone = await publish(t.ctx, author.client, { title: 'Alone' });
    await stays.client.post('/like', { post_id: shared.id });
    await leaves.client.post('/like', { post_id: shared.id });
    await leaves.client.post('/like', { post_id: alone.id });
    await leaves.client.post('/follow', { username: author.username });
    expect((await list(author)).unread).toBe(3);
    expect((await leaves.client.delete('/me')).statusCode).toBe(200);
    const page = await list(author);
    expect(page.unread).toBe(1);
    expect(page.items).toEqual([
      expect.objectContaining({
        actorsCount: 1,
        actors: [expect.objectContaining({ id: stays.id })],
      }),
    ]);
    expect((await author.client.get('/me')).json().unreadNotifications).toBe(1);
  });
});
