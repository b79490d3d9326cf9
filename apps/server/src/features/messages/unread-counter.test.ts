import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { rowsOf } from '../../test/database';
import { createMember, type Member } from '../../test/factories';
import { acrossMigration, describeMigration, insertMembers } from '../../test/migrations';

const ADMIN_EMAIL = 'inbox-admin@example.com';

let ctx: TestContext;
let admin: Member;
beforeAll(async () => {
  // Rate limits off: the race below sends faster than a member is allowed to.
  ctx = await createTestApp({ adminEmails: new Set([ADMIN_EMAIL]), rateLimits: false });
  admin = await createMember(ctx, { email: ADMIN_EMAIL });
});
afterAll(() => ctx.app.close());

const rows = <Row>(query: SQL) => rowsOf<Row>(ctx.app.db, query);

/** Members whose kept count differs from a count of their unread rows: there must never be any. */
const drifted = () =>
  rows<{ id: number; kept: number; counted: number }>(sql`
    select u.id, coalesce(i.unread, 0) as kept, c.n as counted
    from users u
    left join inboxes i on i.user_id = u.id
    cross join lateral (
      select count(*)::int as n from messages where receiver_id = u.id and read_at is null
    ) c
    where coalesce(i.unread, 0) <> c.n`);

/** The count a member is shown, by both ways of asking, which must agree. */
async function unread(member: Member) {
  const [count, me] = await Promise.all([
    member.client.get('/messages/unread-count'),
    member.client.get('/me'),
  ]);
  expect(count.json().count).toBe(me.json().unreadMessages);
  return count.json().count as number;
}

async function send(from: Member, to: Member, text = 'hi') {
  const response = await from.client.post('/messages', { receiverId: to.id, text });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

describe("the unread count kept in each member's inbox", () => {
  it('follows sends, reads, deletions and hidden conversations', async () => {
    const [reader, a, b] = await Promise.all([1, 2, 3].map(() => createMember(ctx)));
    expect(await unread(reader!)).toBe(0);
    for (const text of ['one', 'two', 'three']) await send(a!, reader!, text);
    const fromB = [await send(b!, reader!), await send(b!, reader!)];
    await send(reader!, a!, 'not counted for the sender');
    expect(await unread(reader!)).toBe(5);

    expect((await reader!.client.get(`/messages/${a!.id}`)).statusCode).toBe(200);
    expect(await unread(reader!)).toBe(2);
    expect((await b!.client.delete(`/messages/${fromB[0]}`)).statusCode).toBe(200);
    expect(await unread(reader!)).toBe(1);
    // A message already read leaves the count alone when its sender deletes it.
    const read = await send(a!, reader!);
    await reader!.client.get(`/messages/${a!.id}`);
    expect((await a!.client.delete(`/messages/${read}`)).statusCode).toBe(200);
    expect(await unread(reader!)).toBe(1);
    expect((await reader!.client.delete(`/messages/conversations/${b!.id}`)).statusCode).toBe(200);
    expect(await unread(reader!)).toBe(0);
    expect(await unread(a!)).toBe(1);
    expect(await drifted()).toEqual([]);
  });

  it('drops what a leaving member had sent, whether they leave or an admin removes them', async () => {
    const [reader, leaver, removed] = await Promise.all([1, 2, 3].map(() => createMember(ctx)));
    await send(leaver!, reader!);
    await send(leaver!, reader!);
    await send(removed!, reader!);
    await send(reader!, leaver!);
    expect(await unread(reader!)).toBe(3);
    expect((await leaver!.client.delete('/me')).statusCode).toBe(200);
    expect(await unread(reader!)).toBe(1);
    expect((await admin.client.delete(`/admin/user/${removed!.id}`)).statusCode).toBe(200);
    expect(await unread(reader!)).toBe(0);
    expect(await rows(sql`select 1 from inboxes where user_id = ${leaver!.id}`)).toEqual([]);
    expect(await drifted()).toEqual([]);
  });

  it('stays exact under simultaneous sends, reads, deletions and departures', async () => {
    const [reader, other] = await Promise.all([1, 2].map(() => createMember(ctx)));
    const senders = await Promise.all(Array.from({ length: 20 }, () => createMember(ctx)));
    // Every sender writes to both members at once (sends that arrive together share a statement)
    // while the reader opens chats and the other member writes back.
    const first = await Promise.all([
      ...senders.flatMap((sender) => [send(sender, reader!), send(sender, other!)]),
      ...senders.slice(0, 5).map((sender) => reader!.client.get(`/messages/${sender.id}`)),
      ...senders.slice(0, 5).map((sender) => send(other!, sender)),
    ]);
    const sentToReader = first.filter((_, i) => i < 40 && i % 2 === 0) as number[];
    expect(await unread(other!)).toBe(20);

    // Then all at once again: half the senders delete what they sent the reader, the reader
    // opens the chats of the rest, two senders leave, and everyone sends once more.
    await Promise.all([
      ...senders
        .slice(0, 10)
        .map((sender, i) => sender.client.delete(`/messages/${sentToReader[i]}`)),
      ...senders.slice(10, 15).map((sender) => reader!.client.get(`/messages/${sender.id}`)),
      ...senders.slice(18).map((sender) => sender.client.delete('/me')),
      ...senders.slice(0, 18).map((sender) => send(sender, reader!, 'again')),
    ]);
    expect(await drifted()).toEqual([]);
    const [counted] = await rows<{ n: number }>(
      sql`select count(*)::int as n from messages where receiver_id = ${reader!.id} and read_at is null`,
    );
    const n = counted!.n;
    // 1 from each of senders 0-9, 2 from each of 15-17, and 0-1 from 10-14: their new message
    // may land before or after the reader opens their chat.
    expect(n).toBeGreaterThanOrEqual(16);
    expect(n).toBeLessThanOrEqual(21);
    expect(await unread(reader!)).toBe(n);
    expect(await unread(other!)).toBe(18);
  });

  it('can never go below zero', async () => {
    const [reader, sender] = await Promise.all([1, 2].map(() => createMember(ctx)));
    await send(sender!, reader!);
    const error = await ctx.app.db
      .execute(sql`update inboxes set unread = -1 where user_id = ${reader!.id}`)
      .catch((caught: Error) => caught);
    expect(String((error as Error).cause ?? error)).toContain(
      'violates check constraint "inboxes_unread_not_negative"',
    );
  });
});

describeMigration('the inbox migration', () => {
  it('counts the unread messages members already had', async () => {
    await acrossMigration(
      '0010_',
      `${insertMembers(4)}
        insert into messages (sender_id, receiver_id, text, read_at) values
          (1, 2, 'a', null), (3, 2, 'b', null), (1, 2, 'c', now()), (2, 1, 'd', now());`,
      async (client) => {
        const counts = await client.query('select user_id, unread from inboxes order by user_id');
        expect(counts.rows).toEqual([
          { user_id: 1, unread: 0 },
          { user_id: 2, unread: 2 },
        ]);
        // And from then on the triggers move them: a first message makes the row.
        await client.exec(`
          insert into messages (sender_id, receiver_id, text) values (1, 4, 'e'), (2, 4, 'f');
          update messages set read_at = now() where receiver_id = 2 and sender_id = 1;`);
        const after = await client.query('select user_id, unread from inboxes order by user_id');
        expect(after.rows).toEqual([
          { user_id: 1, unread: 0 },
          { user_id: 2, unread: 1 },
          { user_id: 4, unread: 2 },
        ]);
        await client.exec('truncate messages');
        const emptied = await client.query('select sum(unread)::int as total from inboxes');
        expect(emptied.rows).toEqual([{ total: 0 }]);
      },
    );
  });
});
