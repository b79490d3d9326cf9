import { apiErrorSchema } from '@devplay/shared';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '../db/schema/index';
import { createTestApp, type TestContext } from '../test/app';

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
    app.get('/test/failed-query', async () => {
      await app.db
        .insert(posts)
        .values({ authorId: 2_000_000_000, title: SECRET, description: SECRET });
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
      code: '23503',
      constraint: 'posts_author_id_users_id_fk',
    });
    expect(logLines.join('\n')).not.toContain(SECRET);
  });
});
