import { API_BASE } from '@devplay/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * API answers carry tokens, e-mail addresses and balances: no browser or proxy cache may keep
 * them (`no-store`), unless a route says otherwise itself.
 */
export default fp(
  async function cacheControlPlugin(app: FastifyInstance) {
    // A callback, not an async function: no promise for every answer.
    app.addHook('onSend', (request, reply, payload, done) => {
      const [pathname = ''] = request.url.split('?', 1);
      const isApi = pathname === API_BASE || pathname.startsWith(`${API_BASE}/`);
      if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'cache-control' },
);
