import { AUTH_MESSAGES, apiErrorSchema } from '@devplay/shared';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undocumentedSharedAnswers } from '../lib/openapi';
import { createTestApp, type TestContext } from '../test/app';
import { operationsOf, type Operation } from '../test/fuzz-inputs';

// What any route answers whatever its inputs: 431 for headers (or a query string) over 16 KB,
// 414 for a path parameter over 100 characters, 503 while the database is out of reach
// (database-outage.test.ts). Each operation's description lists them, and the answers are
// those it describes.

let ctx: TestContext;
let document: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
let operations: Operation[];
beforeAll(async () => {
  ctx = await createTestApp();
  document = (await ctx.app.inject({ url: '/api/docs/json' })).json();
  operations = operationsOf(document);
});
afterAll(() => ctx.app.close());

const answerOf = (op: Operation, status: number) =>
  document.paths[op.path]![op.method.toLowerCase()]!.responses[status];
const ERROR_BODY = {
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
};

describe('the answers every route gives', () => {
  it('are listed by every operation, as error bodies', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(undocumentedSharedAnswers(document)).toEqual([]);
    for (const op of operations) {
      expect(answerOf(op, 431), `${op.method} ${op.path}`).toMatchObject(ERROR_BODY);
      if (op.pathParams.length) expect(answerOf(op, 414)).toMatchObject(ERROR_BODY);
    }
    expect(
      answerOf(
        operations.find((op) => op.path === '/api/health')!,
        503,
      ),
    ).not.toMatchObject(ERROR_BODY);
  });

  it('answer 414 URI_TOO_LONG to a path parameter over 100 characters, on every such operation', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((each) => each.pathParams.length > 0)) {
      for (const name of op.pathParams) {
        const url = op.path.replace(/\{(\w+)\}/g, (_, param: string) =>
          param === name ? '7'.repeat(101) : param === 'round' ? 'round1' : '1',
        );
        const response = await ctx.app.inject({ method: op.method, url });
        const body = response.json();
        if (
          response.statusCode !== 414 ||
          !apiErrorSchema.strict().safeParse(body).success ||
          body.code !== 'URI_TOO_LONG' ||
          body.message !== AUTH_MESSAGES.pathTooLong
        )
          wrong.push(`${op.method} ${url.slice(0, 40)}…: ${response.statusCode} ${response.body}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answer 431 HEADERS_TOO_LARGE to headers over 16 KB', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    for (const op of operations.filter((each) =>
      ['/api/posts', '/api/signin'].includes(each.path),
    )) {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `${op.method} ${op.path} HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(17_000)}\r\n\r\n`,
          );
        });
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
      const [head, body] = raw.split('\r\n\r\n');
      expect(head, op.path).toMatch(/^HTTP\/1.1 431 /);
      expect(answerOf(op, 431)).toBeDefined();
      expect(JSON.parse(body!)).toEqual({
        message: AUTH_MESSAGES.headersTooLarge,
        code: 'HEADERS_TOO_LARGE',
      });
    }
  });
});
