import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Past this, an answer is worth a warning whatever the log level. */
const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request, written when it ends, instead of Fastify's two (those cost ~10 % of a
 * feed request). Answers that went well are `debug`; refusals (4xx) are `info`, so the
 * default level still shows what clients got wrong; slow answers are `warn`. Failures are logged
 * with their cause by plugins/errors.ts. The path only: query strings carry search words and the
 * calendar feed's token.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime);
    const line = { method: request.method, path: request.url.split('?', 1)[0], status, ms };
    if (error) return reply.log.error({ ...line, err: error }, 'request errored');
    const level = ms >= SLOW_REQUEST_MS ? 'warn' : status >= 400 && status < 500 ? 'info' : 'debug';
    reply.log[level](line, 'request completed');
  }
}
