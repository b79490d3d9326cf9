import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { readChat } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const send = (from: Member, to: Member, text: string) =>
  from.client.post('/messages', { receiverId: to.id, text });

/** The service itself, counting its statements: signing in may or may not reach the database. */
async function read(me: Member, peerId: number, cursor?: string) {
  ctx.queries.count = 0;
  const page = await readChat(ctx.app.db, ctx.app.events, me.id, peerId, { cursor, limit: 2 });
  return { page, statements: ctx.queries.count };
}

describe('reading a chat', () => {
  it('marks only when something is unread: otherwise the page is the one statement', async () => {
    const [a, b] = [await createMember(ctx), await createMember(ctx)];
    for (const text of ['one', 'two', 'three']) await send(a, b, text);

    // The page, then the marking with the count it announces.
    const first = await read(b, a.id);
    expect(first.statements).toBe(2);
    expect(first.page.items.map((m) => m.text)).toEqual(['three', 'two']);
    expect(first.page.items.every((m) => m.readAt === null)).toBe(true);
    expect((await b.client.get('/messages/unread-count')).json()).toEqual({ count: 0 });

    const again = await read(b, a.id);
    expect(again.statements).toBe(1);
    expect(again.page.items.every((m) => m.readAt !== null)).toBe(true);
    const rest = await read(b, a.id, again.page.nextCursor!);
    expect(rest.statements).toBe(1);
    expect(rest.page).toEqual({
      items: [expect.objectContaining({ text: 'one' })],
      nextCursor: null,
    });
    // Nothing was marked twice: the times stay those of the first read.
    expect((await read(b, a.id)).page.items.map((m) => m.readAt)).toEqual(
      again.page.items.map((m) => m.readAt),
    );
    // The sender's own read marks nothing.
    await send(b, a, 'reply');
    expect((await read(b, a.id)).statements).toBe(1);
  });

  it('marks unread messages that are not on the page read', async () => {
    const [a, b] = [await createMember(ctx), await createMember(ctx)];
    for (const text of ['one', 'two', 'three']) await send(a, b, text);
    const page = (await read(b, a.id)).page;
    await send(a, b, 'four');
    const older = await read(b, a.id, page.nextCursor!);
    expect(older.statements).toBe(2);
    expect(older.page.items.map((m) => m.text)).toEqual(['one']);
    expect((await b.client.get('/messages/unread-count')).json()).toEqual({ count: 0 });
  });

  it("announces the reader's unread count left by the marking, other chats' included", async () => {
    const [a, b, c] = [await createMember(ctx), await createMember(ctx), await createMember(ctx)];
    for (const text of ['one', 'two', 'three']) await send(a, b, text);
    for (const text of ['four', 'five']) await send(c, b, text);
    const announced: unknown[] = [];
    const stop = ctx.app.events.subscribe((message) => {
      if (message.kind === 'event' && message.event.type === 'unread:count')
        announced.push({ to: message.audience, ...message.event.data });
    });
    try {
      await read(b, a.id);
      await read(b, a.id);
      await read(b, c.id);
    } finally {
      stop();
    }
    expect(announced).toEqual([
      { to: [b.id], count: 2 },
      { to: [b.id], count: 0 },
    ]);
    expect((await b.client.get('/messages/unread-count')).json()).toEqual({ count: 0 });
  });

  it('answers an empty chat in one statement and an unknown member with 404', async () => {
    const [a, b] = [await createMember(ctx), await createMember(ctx)];
    expect(await read(a, b.id)).toEqual({ page: { items: [], nextCursor: null }, statements: 1 });
    await expect(read(a, 2_147_483_000)).rejects.toMatchObject({ statusCode: 404 });
    expect(ctx.queries.count).toBe(1);
  });
});
