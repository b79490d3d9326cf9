import { readFile } from 'node:fs/promises';
import Fastify, { type InjectOptions } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestApp, signUpVerified, type TestContext } from '../test/app';
import rateLimitPlugin from './rate-limit';
import { ROUTE_LIMITS, type Limit } from './route-limits';

const MINUTE = 60_000;
const windowText = ({ timeWindow }: Limit) =>
  timeWindow === MINUTE
    ? 'minute'
    : timeWindow === 60 * MINUTE
      ? 'hour'
      : `${timeWindow / MINUTE} minutes`;
const cell = (limit: Limit | undefined) =>
  limit ? `${limit.max.toLocaleString('en')} / ${windowText(limit)}` : '—';

function limitsTable() {
  const rows = Object.entries(ROUTE_LIMITS).map(
    ([route, { perMember, perAddress }]) =>
      `| \`${route}\` | ${cell(perMember)} | ${cell(perAddress)} |`,
  );
  return ['| route | per member | per address |', '|---|---|---|', ...rows].join('\n');
}

let addressCount = 0;
const freshAddress = () => `203.0.${Math.floor(++addressCount / 250)}.${addressCount % 250}`;

/**
 * A request to the route that the limiter counts and the route then refuses cheaply where it
 * can: every path parameter fails validation and every body is empty.
 */
function requestTo(routeKey: string, remoteAddress: string, token?: string): InjectOptions {
  const [method, path] = routeKey.split(' ') as [InjectOptions['method'], string];
  return {
    method,
    url: `/api${path.replace(/:\w+/g, 'x')}`,
    remoteAddress,
    headers: token ? { 'access-token': token } : {},
  };
}

/** Sends `count` requests, a few at a time, and answers their statuses. */
async function send(ctx: TestContext, count: number, request: () => InjectOptions) {
  const statuses: number[] = [];
  for (let sent = 0; sent < count; sent += 50) {
    const batch = Array.from({ length: Math.min(50, count - sent) }, () =>
      ctx.app.inject(request()),
    );
    statuses.push(...(await Promise.all(batch)).map((response) => response.statusCode));
  }
  return statuses;
}

// The limiter does not depend on the database; its thousands of requests run on PGlite only.
describe.skipIf(process.env.TEST_DB === 'postgres')('route limits', () => {
  let ctx: TestContext;
  const one = { token: '' };
  const two = { token: '' };
  beforeAll(async () => {
    ctx = await createTestApp({ rateLimits: true });
    for (const member of [one, two]) {
      const client = createClient(ctx.app);
      await signUpVerified(ctx, client);
      member.token = client.token!;
    }
  });
  afterAll(() => ctx.app.close());

  it('must name a new route of the API, or the server does not start', async () => {
    const app = Fastify();
    await app.register(
      fp(
        async (root) => {
          root.decorate('redis', null);
        },
        { name: 'redis' },
      ),
    );
    await app.register(rateLimitPlugin, { enabled: false });
    expect(() => app.get('/api/unlisted', async () => 'open')).toThrow(
      'GET /unlisted has no limits in ROUTE_LIMITS',
    );
    app.get('/outside-the-api', async () => 'the web app');
    // Every row must name a route: the test app started, so this table's rows all do.
    await expect(app.ready()).rejects.toThrow('ROUTE_LIMITS names no route: GET /health');
  });

  it('are the table docs/limits.md shows', async () => {
    const limitsDoc = await readFile(
      new URL('../../../../docs/limits.md', import.meta.url),
      'utf8',
    );
    expect(limitsDoc, `docs/limits.md's table of limits should read:\n${limitsTable()}`).toContain(
      limitsTable(),
    );
  });

  it.each(Object.entries(ROUTE_LIMITS))(
    '%s answers 429 past its limit per address',
    async (routeKey, { perAddress }) => {
      const address = freshAddress();
      const statuses = await send(ctx, perAddress.max, () => requestTo(routeKey, address));
      expect(statuses).not.toContain(429);
      const refused = await ctx.app.inject(requestTo(routeKey, address));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: 'Too many requests. Please try again later.',
        code: 'RATE_LIMITED',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not refused.
      expect((await ctx.app.inject(requestTo(routeKey, freshAddress()))).statusCode).not.toBe(429);
    },
  );

  const memberLimited = Object.entries(ROUTE_LIMITS).flatMap(([routeKey, { perMember }]) =>
    perMember ? [[routeKey, perMember] as const] : [],
  );
  it.each(memberLimited)(
    '%s answers 429 past its limit per member, from any address',
    async (routeKey, perMember) => {
      const statuses = await send(ctx, perMember.max, () =>
        requestTo(routeKey, freshAddress(), one.token),
      );
      expect(statuses).not.toContain(429);
      const address = freshAddress();
      expect((await ctx.app.inject(requestTo(routeKey, address, one.token))).statusCode).toBe(429);
      // Another member at the same address is not refused.
      expect((await ctx.app.inject(requestTo(routeKey, address, two.token))).statusCode).not.toBe(
        429,
      );
    },
  );
});
