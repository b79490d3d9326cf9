import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Past this, an answer is worth a warning whatever the log level. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request, written when it ends, instead of Fastify's two (issue 14: those cost
 * ~10 % of a feed request). Answers that went well are `debug`; refusals (4xx) are `info`, so the
 * default level still shows what clients got wrong; slow answers are `warn`. Failures are logged
 * with their error by plugins/errors.ts.
 */
export default fp(
  async function requestLogPlugin(app: FastifyInstance) {
    app.addHook('onResponse', async (request, reply) => {
      const status = reply.statusCode;
      const ms = Math.round(reply.elapsedTime);
      const level =
        ms >= SLOW_REQUEST_MS ? 'warn' : status >= 400 && status < 500 ? 'info' : 'debug';
      // The path only: query strings carry search words and the calendar feed's token.
      request.log[level](
        { method: request.method, path: request.url.split('?', 1)[0], status, ms },
        'request completed',
      );
    });
  },
  { name: 'request-log' },
);
