import { WS_CLOSE } from '@devplay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, type TestContext, useTwoProcesses } from '../test/app';
import { createMember, type Member } from '../test/factories';
import { captureLog } from '../test/log-capture';
import {
  closeCodeAfter,
  connectLive,
  eventually,
  type LiveClient,
  type RawFrame,
} from '../test/live-client';

/** What proves the process survived: it answers HTTP and still admits a good socket. */
async function expectStillServing(ctx: TestContext, member: Member) {
  expect((await ctx.app.inject('/api/health')).statusCode).toBe(200);
  const live = await connectLive(ctx.app, member.token);
  expect(live.closed.code).toBeUndefined();
  expect(live.of('unread:count')).toHaveLength(1);
  live.close();
}

describe('the live socket facing hostile frames', () => {
  const log = captureLog();
  /** Members whose socket meets a server fault while it is admitted. */
  const faulty = new Set<number>();
  let ctx: TestContext;
  let member: Member;
  beforeAll(async () => {
    ctx = await createTestApp({ logStream: log.stream }, (app) =>
      app.live.onAuthenticated(async (_send, { userId }) => {
        if (faulty.has(userId)) throw new Error('replay query failed');
      }),
    );
    member = await createMember(ctx);
  });
  afterAll(() => ctx.app.close());

  /** The standard code `ws` closes with when a frame exceeds the plugin's maxPayload. */
  const MESSAGE_TOO_BIG = 1009;
  const auth = (fields: object) => JSON.stringify({ type: 'auth', ...fields });
  const withToken = (fields: object) => (token: string) => auth({ token, ...fields });
  const cases: [string, (token: string) => RawFrame, number][] = [
    ['an id beyond int4 (2^31)', withToken({ lastSeenId: 2 ** 31 }), WS_CLOSE.badFrame],
    ['a huge id (1e300)', withToken({ lastSeenId: 1e300 }), WS_CLOSE.badFrame],
    ['a negative id', withToken({ lastSeenId: -1 }), WS_CLOSE.badFrame],
    ['a fractional id', withToken({ lastSeenId: 1.5 }), WS_CLOSE.badFrame],
    ['an id as a string', withToken({ lastSeenId: '5' }), WS_CLOSE.badFrame],
    ['an object as token', () => auth({ token: { sub: 1 } }), WS_CLOSE.badFrame],
    ['an array as token', (token) => auth({ token: [token] }), WS_CLOSE.badFrame],
    ['a number as token', () => auth({ token: 42 }), WS_CLOSE.badFrame],
    ['a token with a NUL byte', (token) => auth({ token: `${token}\u0000` }), WS_CLOSE.badFrame],
    ['a token longer than 4096', () => auth({ token: 'a'.repeat(4097) }), WS_CLOSE.badFrame],
    [
      'a 2 KB token that no one issued',
      () => auth({ token: 'a'.repeat(2048) }),
      WS_CLOSE.unauthorized,
    ],
    ['2 KB of garbage', () => '{'.repeat(2048), WS_CLOSE.badFrame],
    ['a frame over 8 KB', () => auth({ token: 'a'.repeat(9000) }), MESSAGE_TOO_BIG],
    ['a frame over 64 KB', () => 'x'.repeat(65 * 1024), MESSAGE_TOO_BIG],
    ['non-JSON', () => 'hello', WS_CLOSE.badFrame],
    ['JSON null', () => 'null', WS_CLOSE.badFrame],
    ['a JSON number', () => '42', WS_CLOSE.badFrame],
    ['another frame type', withToken({ type: 'subscribe' }), WS_CLOSE.badFrame],
    ['a binary frame', (token) => Buffer.from(auth({ token })), WS_CLOSE.badFrame],
  ];

  it.each(cases)('closes the socket on %s and keeps serving', async (_, frame, code) => {
    expect(await closeCodeAfter(ctx.app, [frame(member.token)])).toBe(code);
    await expectStillServing(ctx, member);
  });

  it('closes the socket on a second frame after the auth frame', async () => {
    const live = await connectLive(ctx.app, member.token);
    live.socket.send(auth({ token: member.token }));
    await eventually(() => live.closed.code !== undefined);
    expect(live.closed.code).toBe(WS_CLOSE.badFrame);
    await expectStillServing(ctx, member);
  });

  it('closes the socket with 1011 on a server fault, logs it and keeps serving', async () => {
    const victim = await createMember(ctx);
    faulty.add(victim.id);
    const live = await connectLive(ctx.app, victim.token);
    await eventually(() => live.closed.code !== undefined);
    expect(live.closed).toEqual({ code: WS_CLOSE.serverFault, reason: 'server error' });
    expect(log.find(50, 'live socket: admitting failed')).toHaveLength(1);
    await expectStillServing(ctx, member);
  });
});

describe('the live socket across sessions and audiences', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.app.close());

  /** The same member signed in a second time (another device): a second session. */
  async function secondSession(member: Member) {
    const device = createClient(ctx.app);
    const response = await device.post('/signin', {
      email: member.email,
      password: member.password,
    });
    return response.json().token as string;
  }
  const sessionOf = async (token: string) => (await ctx.app.accessTokens.verify(token))!.sessionId;
  const stillOpen = async (live: LiveClient, userId: number) => {
    const before = live.of('unread:count').length;
    await ctx.app.events.publish([userId], { type: 'unread:count', data: { count: 9 } });
    await eventually(() => live.of('unread:count').length === before + 1);
    expect(live.closed.code).toBeUndefined();
  };

  it("disconnect by session closes only that session's sockets, by member all of them", async () => {
    const [a, b] = [await createMember(ctx), await createMember(ctx)];
    const phoneToken = await secondSession(a);
    const [laptop, phone, other] = [
      await connectLive(ctx.app, a.token),
      await connectLive(ctx.app, phoneToken),
      await connectLive(ctx.app, b.token),
    ];

    await ctx.app.live.disconnect({ userId: a.id, sessionId: await sessionOf(a.token) });
    await eventually(() => laptop.closed.code !== undefined);
    expect(laptop.closed).toEqual({ code: WS_CLOSE.unauthorized, reason: 'session ended' });
    await stillOpen(phone, a.id);

    await ctx.app.live.disconnect({ userId: a.id });
    await eventually(() => phone.closed.code !== undefined);
    expect(phone.closed).toEqual({ code: WS_CLOSE.unauthorized, reason: 'session ended' });
    await stillOpen(other, b.id);
    other.close();
  });

  it('publishes to every signed-in member, not to sockets still unauthenticated', async () => {
    const [a, b] = [await createMember(ctx), await createMember(ctx)];
    const [liveA, liveB] = [
      await connectLive(ctx.app, a.token),
      await connectLive(ctx.app, b.token),
    ];
    const stranger = await ctx.app.injectWS('/api/ws');
    const heard: string[] = [];
    stranger.on('message', (data) => heard.push(String(data)));

    await ctx.app.events.publish({ all: true }, { type: 'unread:count', data: { count: 42 } });
    await eventually(() =>
      [liveA, liveB].every((live) => live.of('unread:count').at(-1)!.data.count === 42),
    );
    expect(heard).toEqual([]);
    stranger.terminate();
    liveA.close();
    liveB.close();
  });
});

describe('the live socket when the server stops', () => {
  it("closes members' sockets with 1001, going away, so clients reconnect elsewhere", async () => {
    const ctx = await createTestApp();
    const live = await connectLive(ctx.app, (await createMember(ctx)).token);
    await ctx.app.close();
    await eventually(() => live.closed.code !== undefined);
    expect(live.closed).toEqual({ code: WS_CLOSE.goingAway, reason: 'server shutting down' });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('disconnect across two server processes (Redis)', () => {
  const processes = useTwoProcesses(process.env.TEST_REDIS_URL);

  it("closes the member's sockets held by the other process", async () => {
    const member = await createMember(processes.one);
    const [here, there] = [
      await connectLive(processes.one.app, member.token),
      await connectLive(processes.two.app, member.token),
    ];
    await processes.one.app.live.disconnect({ userId: member.id });
    await eventually(() => here.closed.code !== undefined && there.closed.code !== undefined);
    expect([here.closed, there.closed]).toEqual([
      { code: WS_CLOSE.unauthorized, reason: 'session ended' },
      { code: WS_CLOSE.unauthorized, reason: 'session ended' },
    ]);
  });
});

describe('a live event announced while a socket is greeted', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ rateLimits: false });
  });
  afterAll(() => ctx.app.close());

  it('follows the greeting, so the greeting’s older count never has the last word', async () => {
    const member = await createMember(ctx);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A greeting whose read was taken before the change and answers after it.
    ctx.app.live.onAuthenticated(async (send, { userId }) => {
      if (userId !== member.id) return;
      await released;
      send({ type: 'unread:count', data: { count: 1 } });
    });
    const live = await connectLive(ctx.app, member.token);
    const bystander = await createMember(ctx);
    const greeted = await connectLive(ctx.app, bystander.token);

    // One delivery to both: once the greeted socket has it, the other would have too, unheld.
    ctx.app.events.publish([member.id, bystander.id], {
      type: 'unread:count',
      data: { count: 9 },
    });
    await eventually(() => greeted.of('unread:count').some((e) => e.data.count === 9));
    const beforeRelease = live.of('unread:count').map((e) => e.data.count);
    release();
    await eventually(() => live.of('unread:count').length === beforeRelease.length + 2);

    expect(beforeRelease).toEqual([0]);
    expect(live.of('unread:count').map((e) => e.data.count)).toEqual([0, 1, 9]);
    live.close();
    greeted.close();
  });
});
