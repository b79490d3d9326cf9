import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Longest `close()` waits for handlers still running; server.ts gives up on the whole at 10 s. */
const DRAIN_TIMEOUT_MS = 5_000;

/**
 * Lets requests in flight finish before the database and Redis close, so that none fails with
 * "Cannot use a pool after calling end". Fastify's own close waits for open connections only,
 * not for the handler of a request whose client went away: that handler would go on querying a
 * closed pool. So every request counts from its first hook until its answer is produced, and
 * `preClose` waits, bounded, for the count to reach zero. Requests that arrive meanwhile get
 * Fastify's 503.
 */
export default fp(
  async function drainPlugin(app: FastifyInstance, options: { timeoutMs?: number } = {}) {
    const running = new Set<FastifyRequest>();
    let closing = false;
    let drained: (() => void) | undefined;
    const settle = (request: FastifyRequest) => {
      if (running.delete(request) && running.size === 0) drained?.();
    };

    // Callbacks, not async functions: every request passes these three, and a promise each cost
    // the hot path more than the work they do.
    app.addHook('onRequest', (request, _reply, done) => {
      // A WebSocket upgrade is hijacked and never answers: its socket closes in live's preClose.
      if (!request.headers.upgrade) running.add(request);
      done();
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      // A kept-alive connection would hold server.close() open after its last answer.
      if (closing) reply.header('connection', 'close');
      settle(request);
      done(null, payload);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      settle(request);
      done();
    });

    app.addHook('preClose', async () => {
      closing = true;
      if (running.size === 0) return;
      const timeoutMs = options.timeoutMs ?? DRAIN_TIMEOUT_MS;
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        new Promise<boolean>((resolve) => (drained = () => resolve(true))),
        new Promise<boolean>((resolve) => (timer = setTimeout(resolve, timeoutMs, false))),
      ]);
      clearTimeout(timer);
      if (!finished) {
        app.log.warn(
          `${running.size} request(s) still running after ${timeoutMs} ms; closing anyway`,
        );
      }
    });
  },
  { name: 'drain' },
);
