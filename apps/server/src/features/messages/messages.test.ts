import { MESSAGE_MESSAGES, MESSAGE_MAX } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestContext, signUpUnverified } from '../../test/app';
import { createMember, type Member } from '../../test/factories';
import { conversationsOf, presentMessage, type StoredMessage } from './queries';
import { queueMessage } from './send-queue';
import { sendMessage } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.app.close());

const member = () => createMember(ctx);
const send = (from: Member, to: Member, text: string) =>
  from.client.post('/messages', { receiverId: to.id, text });
/** What a stored message says of its two people, as sent from `from` to `to`. */
const between = (from: Member, to: Member) => ({
  senderId: from.id,
  receiverId: to.id,
  readAt: null,
  sender: { id: from.id, username: from.username },
  receiver: { id: to.id, username: to.username },
});

describe('the messages API', () => {
  it('answers 401 without a token everywhere', async () => {
    const anonymous = createClient(ctx.app);
    for (const url of ['/messages/unread-count', '/messages/conversations', '/messages/1']) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
    }
    expect((await anonymous.post('/messages', { receiverId: 1, text: 'hi' })).statusCode).toBe(401);
    expect((await anonymous.delete('/messages/1')).statusCode).toBe(401);
    expect((await anonymous.delete('/messages/conversations/1')).statusCode).toBe(401);
  });

  it('answers 403 to an unconfirmed sender', async () => {
    const b = await member();
    const unverified = createClient(ctx.app);
    await signUpUnverified(unverified);
    expect((await unverified.post('/messages', { receiverId: b.id, text: 'hi' })).statusCode).toBe(
      403,
    );
  });

  it('refuses blank, too long, self-addressed and unknown-recipient messages', async () => {
    const [a, b] = [await member(), await member()];
    const blank = await send(a, b, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: MESSAGE_MESSAGES.blank, field: 'text' });
    expect((await send(a, b, 'x'.repeat(MESSAGE_MAX + 1))).json().message).toBe(
      MESSAGE_MESSAGES.tooLong,
    );
    expect((await send(a, a, 'me')).json()).toMatchObject({ message: MESSAGE_MESSAGES.toSelf });
    expect((await a.client.post('/messages', { receiverId: 999999, text: 'hi' })).statusCode).toBe(
      404,
    );
    expect((await a.client.get('/messages/999999')).statusCode).toBe(404);
  });

  it('delivers, counts unread, and marks read when the chat is opened', async () => {
    const [a, b] = [await member(), await member()];
    const first = await send(a, b, 'hello');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      senderId: a.id,
      receiverId: b.id,
      text: 'hello',
      readAt: null,
      sender: { username: a.username },
    });
    await send(a, b, 'are you there?');
    expect((await b.client.get('/messages/unread-count')).json()).toEqual({ count: 2 });
    expect((await b.client.get('/me')).json().unreadMessages).toBe(2);

    const chat = (await b.client.get(`/messages/${a.id}`)).json();
    expect(chat.items.map((m: { text: string }) => m.text)).toEqual(['are you there?', 'hello']);
    expect((await b.client.get('/messages/unread-count')).json()).toEqual({ count: 0 });
    // Reading one's own sent messages marks nothing on the other side.
    await a.client.get(`/messages/${b.id}`);
    await send(b, a, 'yes!');
    expect((await a.client.get('/messages/unread-count')).json()).toEqual({ count: 1 });
  });

  it('sends in one statement, answering with both people', async () => {
    const [a, b] = [await member(), await member()];
    await send(a, b, 'first');
    // The service itself: signing in may or may not reach the database (a session cache).
    ctx.queries.count = 0;
    const second = await sendMessage(ctx.app.db, ctx.app.events, a.id, b.id, 'second');
    expect(ctx.queries.count).toBe(1);
    expect(second).toMatchObject({ ...between(a, b), text: 'second' });
    expect(Date.parse(second.createdAt)).not.toBeNaN();
    const chat = (await b.client.get(`/messages/${a.id}`)).json();
    expect(chat.items[0]).toEqual(second);
  });

  it('stores sends that arrive together in one statement, each with its own row and unread count', async () => {
    const [a, b, c, r, s] = [
      await member(),
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    await send(a, r, 'before');
    // Texts travel in an array parameter: what its literal syntax uses must come back as sent.
    const nasty = 'three, "quoted" {braced} \\ NULL ünïcødé 🎮\nline';
    ctx.queries.count = 0;
    const [one, two, three] = await Promise.all([
      queueMessage(ctx.app.db, { senderId: a.id, receiverId: r.id, text: 'one' }),
      queueMessage(ctx.app.db, { senderId: b.id, receiverId: s.id, text: 'two' }),
      queueMessage(ctx.app.db, { senderId: c.id, receiverId: r.id, text: nasty }),
    ]);
    expect(ctx.queries.count).toBe(1);
    expect(one).toMatchObject({ ...between(a, r), text: 'one', unread: 2 });
    expect(two).toMatchObject({ senderId: b.id, receiverId: s.id, text: 'two', unread: 1 });
    expect(three).toMatchObject({ senderId: c.id, receiverId: r.id, text: nasty, unread: 3 });
    // Exactly as the chat reads them back.
    const chat = (await r.client.get(`/messages/${a.id}`)).json();
    expect(chat.items[0]).toEqual(presentMessage(one as StoredMessage));
  });

  it('answers each of sends that arrive together even when the database changes a text', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    // A lone surrogate has no UTF-8 form: it is stored as U+FFFD, yet the send still gets its row.
    const [odd, plain] = await Promise.all([
      queueMessage(ctx.app.db, { senderId: a.id, receiverId: b.id, text: 'x\ud800' }),
      queueMessage(ctx.app.db, { senderId: a.id, receiverId: c.id, text: 'plain' }),
    ]);
    expect(odd).toMatchObject({ ...between(a, b), text: 'x\ufffd' });
    expect(plain).toMatchObject({ ...between(a, c), text: 'plain' });
  });

  it('fails only the send to an unknown receiver among sends that arrive together', async () => {
    const [a, b] = [await member(), await member()];
    const results = await Promise.allSettled([
      queueMessage(ctx.app.db, { senderId: a.id, receiverId: b.id, text: 'fine' }),
      queueMessage(ctx.app.db, { senderId: a.id, receiverId: 2_147_483_000, text: 'nobody' }),
      queueMessage(ctx.app.db, { senderId: b.id, receiverId: a.id, text: 'also fine' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const chat = (await a.client.get(`/messages/${b.id}`)).json();
    expect(chat.items.map((m: { text: string }) => m.text).sort()).toEqual(['also fine', 'fine']);
  });

  it('pages a long chat newest first', async () => {
    const [a, b] = [await member(), await member()];
    for (let i = 1; i <= 5; i++) await send(a, b, `m${i}`);
    const page1 = (await a.client.get(`/messages/${b.id}?limit=3`)).json();
    expect(page1.items.map((m: { text: string }) => m.text)).toEqual(['m5', 'm4', 'm3']);
    const page2 = (
      await a.client.get(`/messages/${b.id}?limit=3&cursor=${page1.nextCursor}`)
    ).json();
    expect(page2.items.map((m: { text: string }) => m.text)).toEqual(['m2', 'm1']);
    expect(page2.nextCursor).toBeNull();
  });

  it('lists conversations newest first with the last message and unread count, in one statement', async () => {
    const [me, x, y] = [await member(), await member(), await member()];
    await send(x, me, 'from x');
    await send(me, y, 'to y');
    await send(y, me, 'from y 1');
    await send(y, me, 'from y 2');
    // The service itself: signing in may or may not reach the database (a session cache).
    ctx.queries.count = 0;
    await conversationsOf(ctx.app.db, me.id);
    expect(ctx.queries.count).toBe(1);
    const list = (await me.client.get('/messages/conversations')).json();
    expect(list).toEqual([
      expect.objectContaining({
        userId: y.id,
        username: y.username,
        lastMessage: 'from y 2',
        unread: 2,
      }),
      expect.objectContaining({ userId: x.id, lastMessage: 'from x', unread: 1 }),
    ]);
    expect(Date.parse(list[0].lastMessageTime)).not.toBeNaN();
    expect((await createClient(ctx.app).get('/messages/conversations')).statusCode).toBe(401);
  });

  it('lets only the sender delete a message; outsiders get 404', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const message = (await send(a, b, 'oops')).json();
    expect((await c.client.delete(`/messages/${message.id}`)).statusCode).toBe(404);
    const byReceiver = await b.client.delete(`/messages/${message.id}`);
    expect(byReceiver.statusCode).toBe(403);
    expect(byReceiver.json().message).toBe(MESSAGE_MESSAGES.notSender);
    expect((await b.client.get('/messages/unread-count')).json()).toEqual({ count: 1 });
    expect((await a.client.delete(`/messages/${message.id}`)).statusCode).toBe(200);
    expect((await b.client.get(`/messages/${a.id}`)).json().items).toEqual([]);
    expect((await b.client.get('/messages/unread-count')).json()).toEqual({ count: 0 });
  });

  it('deletes a conversation for one side only, until a new message arrives', async () => {
    const [a, b] = [await member(), await member()];
    await send(a, b, 'old one');
    await send(b, a, 'old reply');
    expect((await a.client.delete(`/messages/conversations/${b.id}`)).statusCode).toBe(200);
    expect((await a.client.get('/messages/conversations')).json()).toEqual([]);
    expect((await a.client.get(`/messages/${b.id}`)).json().items).toEqual([]);
    expect((await a.client.get('/messages/unread-count')).json()).toEqual({ count: 0 });
    expect((await b.client.get('/messages/conversations')).json()).toHaveLength(1);
    expect((await b.client.get(`/messages/${a.id}`)).json().items).toHaveLength(2);

    await send(b, a, 'new one');
    const list = (await a.client.get('/messages/conversations')).json();
    expect(list).toEqual([
      expect.objectContaining({ userId: b.id, lastMessage: 'new one', unread: 1 }),
    ]);
    expect(
      (await a.client.get(`/messages/${b.id}`)).json().items.map((m: { text: string }) => m.text),
    ).toEqual(['new one']);
  });
});
