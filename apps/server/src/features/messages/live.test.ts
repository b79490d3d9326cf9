import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext, useTwoProcesses } from '../../test/app';
import { createMember } from '../../test/factories';
import { connectLive, eventually } from '../../test/live-client';

const member = (ctx: TestContext) => createMember(ctx);

describe('live events on one process', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.app.close());

  it("delivers each member's new and deleted messages and unread counts", async () => {
    const [a, b] = [await member(ctx), await member(ctx)];
    const [liveA, liveB] = [
      await connectLive(ctx.app, a.token),
      await connectLive(ctx.app, b.token),
    ];
    const sent = (await a.client.post('/messages', { receiverId: b.id, text: 'live!' })).json();
    await eventually(
      () => liveB.of('message:new').length === 1 && liveA.of('message:new').length === 1,
    );
    expect(liveB.of('message:new')[0]!.data).toMatchObject({ id: sent.id, text: 'live!' });
    await eventually(() => liveB.of('unread:count').at(-1)!.data.count === 1);

    await a.client.delete(`/messages/${sent.id}`);
    await eventually(
      () => liveB.of('message:deleted').length === 1 && liveA.of('message:deleted').length === 1,
    );
    expect(liveB.of('message:deleted')[0]!.data).toEqual({
      id: sent.id,
      senderId: a.id,
      receiverId: b.id,
    });
    await eventually(() => liveB.of('unread:count').at(-1)!.data.count === 0);
    liveA.close();
    liveB.close();
  });

  it('sends each message with the unread count that includes it, one frame per event', async () => {
    const [a, b] = [await member(ctx), await member(ctx)];
    const liveB = await connectLive(ctx.app, b.token);
    // Text frames: a browser hands a binary one over as a Blob, not as the JSON it expects.
    const binary: boolean[] = [];
    liveB.socket.on('message', (_data, isBinary) => binary.push(isBinary));
    for (const [i, text] of ['one', 'two', 'three'].entries()) {
      await a.client.post('/messages', { receiverId: b.id, text });
      await eventually(() => liveB.of('unread:count').length === i + 2); // +1: on connecting
    }
    expect(liveB.of('unread:count').map((e) => e.data.count)).toEqual([0, 1, 2, 3]);
    expect(liveB.of('message:new').map((e) => e.data.text)).toEqual(['one', 'two', 'three']);
    expect(binary).toEqual([false, false, false, false, false, false]);
    await b.client.get(`/messages/${a.id}`);
    await eventually(() => liveB.of('unread:count').at(-1)!.data.count === 0);
    liveB.close();
  });

  it('tells the sender, and no one else, when the peer reads their messages', async () => {
    const [a, b, c] = [await member(ctx), await member(ctx), await member(ctx)];
    const [liveA, liveC] = [
      await connectLive(ctx.app, a.token),
      await connectLive(ctx.app, c.token),
    ];
    await a.client.post('/messages', { receiverId: b.id, text: 'first' });
    const last = (await a.client.post('/messages', { receiverId: b.id, text: 'second' })).json();
    await c.client.post('/messages', { receiverId: b.id, text: 'from c' });

    const chat = (await b.client.get(`/messages/${a.id}`)).json();
    await eventually(() => liveA.of('messages:read').length === 1);
    const read = liveA.of('messages:read')[0]!.data;
    expect(read).toEqual({ readerId: b.id, upToId: last.id, readAt: expect.any(String) });
    // The time the messages say they were read, to the millisecond.
    const again = (await a.client.get(`/messages/${b.id}`)).json();
    expect(again.items.map((m: { readAt: string }) => m.readAt)).toEqual([
      read.readAt,
      read.readAt,
    ]);
    expect(chat.items).toHaveLength(2);

    // Reading again marks nothing and says nothing; C's message, still unread, is C's affair.
    await b.client.get(`/messages/${a.id}`);
    await b.client.get(`/messages/${c.id}`);
    await eventually(() => liveC.of('messages:read').length === 1);
    expect(liveA.of('messages:read')).toHaveLength(1);
    liveA.close();
    liveC.close();
  });

  it('replays what a reconnecting client missed, by last seen id', async () => {
    const [a, b] = [await member(ctx), await member(ctx)];
    const first = await connectLive(ctx.app, b.token);
    const seen = (await a.client.post('/messages', { receiverId: b.id, text: 'seen' })).json();
    await eventually(() => first.of('message:new').length === 1);
    first.close();

    for (const text of ['missed 1', 'missed 2'])
      await a.client.post('/messages', { receiverId: b.id, text });
    const again = await connectLive(ctx.app, b.token, seen.id);
    expect(again.of('message:new').map((e) => e.data.text)).toEqual(['missed 1', 'missed 2']);
    again.close();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)(
  'live events across two server processes (Redis)',
  () => {
    const processes = useTwoProcesses(process.env.TEST_REDIS_URL);

    it('reach a member connected to the other process', async () => {
      const [a, b] = [await member(processes.one), await member(processes.one)];
      const liveB = await connectLive(processes.two.app, b.token);
      await a.client.post('/messages', { receiverId: b.id, text: 'across processes' });
      await eventually(() => liveB.of('message:new').length === 1);
      expect(liveB.of('message:new')[0]!.data.text).toBe('across processes');
      liveB.close();
    });
  },
);
