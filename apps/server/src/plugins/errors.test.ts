import { apiErrorSchema } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../db/schema/index';
import { createClient, createTestApp, signUpVerified, type TestContext } from '../test/app';
import { WEEK } from '../test/calendar-days';

/** Words a client sent that only a failing query's parameters could carry into the log. */
const SECRET = 'my-private-message-text';

let ctx: TestContext;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  ctx = await createTestApp({ logStream }, (app) => {
    app.get('/test/fault', async () => {
      throw new Error('connection to 10.0.0.5 lost, password=hunter2');
    });
    app.get('/test/status-406', async () => {
      throw Object.assign(new Error('the request is not multipart'), {
        statusCode: 406,
        code: 'FST_INVALID_MULTIPART_CONTENT_TYPE',
      });
    });
    app.get('/test/status-property', async () => {
      throw Object.assign(new Error('Gone missing'), { status: 404 });
    });
    app.post('/test/missing-reference', { preHandler: app.requireUser }, async () => {
      await app.db.insert(posts).values({ authorId: 2_000_000_000, title: 'x', description: 'x' });
    });
    app.get('/test/failed-query', async () => {
      await app.db
        .insert(posts)
        .values({ authorId: 2_000_000_000, title: SECRET, description: SECRET, likesCount: -1 });
    });
  });
});
afterAll(() => ctx.app.close());

const get = (url: string) => ctx.app.inject({ url });

describe('client errors from Fastify and plugins', () => {
  it('keeps a 415 for an unknown content type, with a stable code', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: 'Unsupported Media Type',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('keeps any other 4xx a plugin gives, with a stable code instead of its own', async () => {
    const response = await get('/test/status-406');
    expect(response.statusCode).toBe(406);
    expect(response.json()).toEqual({
      message: 'the request is not multipart',
      code: 'BAD_REQUEST',
    });
  });

  it('reads a status given as `status`, the other common spelling', async () => {
    const response = await get('/test/status-property');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Gone missing', code: 'NOT_FOUND' });
  });

  it.each([
    ['a broken percent-encoding', '/api/user/%ZZ', 400],
    ['a path parameter over the length limit', `/api/user/${'a'.repeat(150)}`, 414],
  ])('answers %s in the error shape', async (_, url, status) => {
    const response = await get(url);
    expect(response.statusCode).toBe(status);
    expect(apiErrorSchema.strict().safeParse(response.json()).success, response.body).toBe(true);
  });
});

describe('faults', () => {
  it('answer 500 with a fixed text, never the error’s own', async () => {
    const response = await get('/test/fault');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server error', code: 'INTERNAL_ERROR' });
  });

  it('log a failed query with its SQLSTATE and constraint but none of its parameters', async () => {
    logLines.length = 0;
    expect((await get('/test/failed-query')).statusCode).toBe(500);
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const failure = logged.find((entry) => entry.msg === 'request failed');
    expect(failure?.err).toMatchObject({
      message: expect.stringContaining('insert into "posts"'),
      stack: expect.stringContaining('at '),
      code: '23514',
      constraint: 'posts_likes_count_not_negative',
    });
    expect(logLines.join('\n')).not.toContain(SECRET);
  });
});

describe('a write whose reference was deleted meanwhile', () => {
  it('answers 401 when the acting member is gone, not 500', async () => {
    const client = createClient(ctx.app);
    const member = await signUpVerified(ctx, client);
    // Signed in and remembered by this process; another process then deletes the account.
    expect((await client.get('/me')).statusCode).toBe(200);
    await ctx.app.db.execute(sql`delete from users where username = ${member.username}`);
    const response = await client.post('/calendar', { date: WEEK.wednesday, type: 'sick' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      message: 'Your session has expired. Please sign in again.',
      code: 'UNAUTHORIZED',
    });
  });

  it('answers 404 when something else it names is gone', async () => {
    const client = createClient(ctx.app);
    await signUpVerified(ctx, client);
    logLines.length = 0;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/test/missing-reference',
      headers: { 'access-token': client.token! },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'Not found. It may have just been deleted.',
      code: 'NOT_FOUND',
    });
    expect(logLines.join('\n')).not.toContain('request failed');
  });
});

describe('a request Node refuses before routing', () => {
  it('answers a query string over 16 KB with 431 in the error shape', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(`GET /api/posts?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      });
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1.1 431 /);
    expect(JSON.parse(body!)).toEqual({
      message: 'The request’s address or headers are too long.',
      code: 'HEADERS_TOO_LARGE',
    });
  });
});
