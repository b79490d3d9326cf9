import { WS_CLOSE } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/app';
import { createMember } from '../test/factories';
import { captureLog } from '../test/log-capture';
import {
  closeCodeAfter,
  connectLive,
  eventually,
  type LiveClient,
  type RawFrame,
} from '../test/live-client';

/** A socket that has not said a word, and how it was closed (if it was). */
async function silentSocket(ctx: TestContext) {
  const socket = await ctx.app.injectWS('/api/ws');
  const closed: { code?: number; reason?: string } = {};
  socket.on('close', (code, reason) => Object.assign(closed, { code, reason: String(reason) }));
  return { socket, closed };
}

describe('limits of the live socket', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ live: { authTimeoutMs: 200, maxSocketsPerMember: 2 } });
  });
  afterAll(() => ctx.app.close());

  const hears = async (live: LiveClient, userId: number) => {
    const before = live.of('unread:count').length;
    await ctx.app.events.publish([userId], { type: 'unread:count', data: { count: 7 } });
    await eventually(() => live.of('unread:count').length === before + 1);
  };

  it('closes a socket that sends no auth frame in time with 4408', async () => {
    // Only the 200 ms auth timer closes a silent socket with this code.
    expect(await closeCodeAfter(ctx.app, [])).toBe(WS_CLOSE.authTimeout);
  });

  it("closes a member's oldest socket with 4409 when they open one too many", async () => {
    const [member, other] = [await createMember(ctx), await createMember(ctx)];
    const otherLive = await connectLive(ctx.app, other.token);
    const first = await connectLive(ctx.app, member.token);
    const second = await connectLive(ctx.app, member.token);
    expect(first.closed.code).toBeUndefined();

    const third = await connectLive(ctx.app, member.token);
    await eventually(() => first.closed.code !== undefined);
    expect(first.closed).toEqual({
      code: WS_CLOSE.replaced,
      reason: 'too many sockets for this member',
    });
    await hears(second, member.id);
    await hears(third, member.id);
    await hears(otherLive, other.id);
    for (const live of [second, third, otherLive]) live.close();
  });
});

describe('the per-address cap of the live socket', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ live: { maxSocketsPerAddress: 3 } });
  });
  afterAll(() => ctx.app.close());

  it('refuses a socket past it with 4429, counting those not signed in, and admits again once one closes', async () => {
    const held = await Promise.all(Array.from({ length: 3 }, () => silentSocket(ctx)));
    const refused = await silentSocket(ctx);
    await eventually(() => refused.closed.code !== undefined);
    expect(refused.closed).toEqual({
      code: WS_CLOSE.tooManySockets,
      reason: 'too many sockets from this address',
    });
    expect(held.every(({ closed }) => closed.code === undefined)).toBe(true);

    // Its seat is free once the server has seen it close.
    const serverSockets = () => ctx.app.websocketServer.clients.size;
    const before = serverSockets();
    held[0]!.socket.terminate();
    await eventually(() => serverSockets() === before - 1);
    const member = await createMember(ctx);
    const admitted = await connectLive(ctx.app, member.token);
    expect(admitted.closed.code).toBeUndefined();
    admitted.close();
    for (const { socket } of held) socket.terminate();
  });
});

describe('malformed frames in the log', () => {
  const log = captureLog();
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ logStream: log.stream });
  });
  afterAll(() => ctx.app.close());

  const frames: [string, RawFrame][] = [
    ['non-JSON', 'hello'],
    ['an unknown frame type', JSON.stringify({ type: 'subscribe', token: 'x' })],
    ['a binary frame', Buffer.from('{"type":"auth"}')],
    ['a frame over 64 KB', 'x'.repeat(65 * 1024)],
  ];

  it.each(frames)('logs %s as one warning line, without a stack trace', async (_, frame) => {
    const before = log.entries.length;
    await closeCodeAfter(ctx.app, [frame]);
    await eventually(() => log.entries.length > before);
    const logged = log.entries.slice(before).filter((entry) => entry.msg !== 'request completed');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, msg: 'live socket: bad frame' });
    expect(JSON.stringify(logged[0])).not.toMatch(/stack|at Receiver/);
    // Never the frame itself: a client's garbage does not grow the log with its size.
    expect(JSON.stringify(logged[0]).length).toBeLessThan(500);
  });
});
