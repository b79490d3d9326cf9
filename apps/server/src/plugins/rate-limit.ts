import { API_BASE } from '@devplay/shared';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { tooManyRequests } from '../lib/errors';
import { errorResponses } from '../lib/openapi';
import { readToken } from './auth';
import { redisStoreWithFallback } from './rate-limit-store';
import { ROUTE_LIMITS, type Limit, type RouteLimit } from './route-limits';

type Check = ReturnType<FastifyInstance['createRateLimit']>;

/** `GET /post/:id` for a route of the API, or null for anything else (the docs, the web app). */
function routeKeyOf(route: Pick<RouteOptions, 'method' | 'url'>): string | null {
  if (!route.url.startsWith(`${API_BASE}/`) || route.url.startsWith(`${API_BASE}/docs`)) {
    return null;
  }
  const methods = [route.method].flat().filter((method) => method !== 'HEAD');
  return `${methods[0] ?? 'GET'} ${route.url.slice(API_BASE.length)}`;
}

/**
 * The signed-in member a request acts as, or null. `authenticate` answers from the session cache
 * the route's own guard then reads, so this costs the route nothing.
 */
async function memberOf(request: FastifyRequest): Promise<number | null> {
  const token = readToken(request);
  if (!token) return null;
  const session = await request.server.authenticate(token);
  return session?.user.id ?? null;
}

type RouteHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Builds each route's hook: its address counter, then its member counter when it has one. */
async function limiters(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { store: redisStoreWithFallback(app.redis, app.log, 'rl:') } : {}),
  });

  const members = new WeakMap<FastifyRequest, number>();
  // A socket opened by `injectWS` in tests carries no address.
  const addressOf = (request: FastifyRequest) => normalizeIP(request.ip ?? '');
  const checkOf = (routeKey: string, limit: Limit, by: 'address' | 'member'): Check =>
    app.createRateLimit({
      ...limit,
      keyGenerator:
        by === 'address'
          ? (request) => `${routeKey}|a:${addressOf(request)}`
          : (request) => `${routeKey}|m:${members.get(request)}`,
    });

  function hookFor(routeKey: string, limit: RouteLimit) {
    const byAddress = checkOf(routeKey, limit.perAddress, 'address');
    const byMember = limit.perMember && checkOf(routeKey, limit.perMember, 'member');
    const enforce = async (check: Check, request: FastifyRequest, reply: FastifyReply) => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      void reply.header('retry-after', String(result.ttlInSeconds));
      throw tooManyRequests();
    };
    // Both counters are asked in the same turn of the event loop, so with Redis they travel
    // together (auto-pipelining): one round trip a request, not two.
    return async function routeLimit(request: FastifyRequest, reply: FastifyReply) {
      const address = enforce(byAddress, request, reply);
      if (!byMember) return address;
      // Refused meanwhile, the address's answer must not go unhandled while the member is read.
      address.catch(() => {});
      const member = await memberOf(request);
      if (member === null) return address;
      members.set(request, member);
      await Promise.all([address, enforce(byMember, request, reply)]);
    };
  }
  return hookFor;
}

/**
 * ROUTE_LIMITS on every API route, checked when a request arrives, before its body is parsed or
 * validated, so what is refused costs almost nothing. With REDIS_URL the counters live in Redis
 * and every server process shares them; while Redis fails, each process counts alone and adds
 * its count when Redis is back (rate-limit-store.ts). A route of the API missing from the table, or a row naming no route,
 * stops the server from starting, so no route can be added unlimited.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance, options: { enabled: boolean }) {
    const hookFor = options.enabled ? await limiters(app) : null;
    // A GET and its HEAD share one hook, so they share counters in this process's store too.
    const hooks = new Map<string, RouteHook>();
    const unrouted = new Set(Object.keys(ROUTE_LIMITS));
    app.addHook('onRoute', (route) => {
      const routeKey = routeKeyOf(route);
      if (!routeKey) return;
      unrouted.delete(routeKey);
      const limit = ROUTE_LIMITS[routeKey];
      if (!limit) throw new Error(`${routeKey} has no limits in ROUTE_LIMITS (route-limits.ts)`);
      const responses = route.schema?.response as Record<number, unknown> | undefined;
      if (responses) responses[429] ??= errorResponses(429)[429];
      if (!hookFor) return;
      if (!hooks.has(routeKey)) hooks.set(routeKey, hookFor(routeKey, limit));
      route.onRequest = [...[route.onRequest ?? []].flat(), hooks.get(routeKey)!];
    });
    app.addHook('onReady', async () => {
      if (unrouted.size)
        throw new Error(`ROUTE_LIMITS names no route: ${[...unrouted].join(', ')}`);
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
