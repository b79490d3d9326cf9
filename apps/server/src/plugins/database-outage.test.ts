import type { LightMyRequestResponse } from 'fastify';
import { createServer, Socket, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestApp,
  newUser,
  signUpVerified,
  type TestContext,
} from '../test/app';

// API.md: while the database is down, health answers 503 and so does every API call, with
// `SERVICE_UNAVAILABLE` and a `Retry-After`, never a 500 that reads like a bug.

/** Calls that reach the database first thing: a signed-in read, a write, a sign-in, a public read. */
async function callsWhileDown(ctx: TestContext, token: string, user: ReturnType<typeof newUser>) {
  const member = { 'access-token': token };
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: member, ...(payload && { payload }) });
  return {
    me: await inject('GET', '/me'),
    posts: await inject('GET', '/posts'),
    like: await inject('POST', '/like', { post_id: 1 }),
    signIn: await ctx.app.inject({ method: 'POST', url: '/api/signin', payload: user }),
    forgot: await ctx.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: user.email },
    }),
  };
}

function expectUnavailable(answers: Record<string, LightMyRequestResponse>) {
  for (const [name, response] of Object.entries(answers)) {
    expect({ name, status: response.statusCode, body: response.json() }).toEqual({
      name,
      status: 503,
      body: {
        message: 'The service is unavailable right now. Please try again in a moment.',
        code: 'SERVICE_UNAVAILABLE',
      },
    });
    expect(response.headers['retry-after'], name).toBe('5');
  }
}

describe('a database that is gone', () => {
  it('answers 503 SERVICE_UNAVAILABLE to every call, as health does', async () => {
    const owner = await createTestApp();
    const user = newUser();
    const client = createClient(owner.app);
    await signUpVerified(owner, client, user);
    const probe = await createTestApp({ sameDatabaseAs: owner });
    await owner.app.close();
    try {
      expectUnavailable(await callsWhileDown(probe, client.token!, user));
      expect((await probe.app.inject({ url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await probe.app.close();
    }
  });
});

/**
 * A TCP relay in front of PostgreSQL that can be switched off: connections it holds are cut and
 * new ones refused, as when the server stops or the network goes.
 */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      if (server?.listening) return resolve();
      server = createServer((incoming) => {
        const outgoing = new Socket().connect(Number(target.port || 5432), target.hostname);
        for (const socket of [incoming, outgoing]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        incoming.pipe(outgoing).pipe(incoming);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await start();
  return {
    url: () => Object.assign(new URL(target), { host: `127.0.0.1:${port}` }).toString(),
    async stop() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    start,
  };
}

describe.runIf(process.env.TEST_DB === 'postgres')('a PostgreSQL server out of reach', () => {
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let ctx: TestContext;
  afterAll(async () => {
    // The test's database is dropped through the relay.
    await relay?.start();
    await ctx?.app.close();
    await relay?.stop();
  });

  it('answers 503 while its connections are cut and refused, and serves again after', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    relay = await startRelay(new URL(adminUrl));
    // The test's database is made, and reached, through the relay.
    process.env.TEST_DATABASE_URL = relay.url();
    try {
      ctx = await createTestApp();
    } finally {
      process.env.TEST_DATABASE_URL = adminUrl;
    }
    const user = newUser();
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client, user);
    await relay.stop();
    expectUnavailable(await callsWhileDown(ctx, client.token!, user));
    await relay.start();
    expect((await client.get('/me')).statusCode).toBe(200);
  });
});
