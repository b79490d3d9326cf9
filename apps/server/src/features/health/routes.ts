import { healthSchema } from '@devplay/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setTimeout as sleep } from 'node:timers/promises';
import { SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { VERSION } from '../../lib/version';

/** A dependency that takes longer than this to answer counts as down: health never hangs. */
const CHECK_TIMEOUT_MS = 2_000;

/** The check's error, or a timeout error, or undefined when it answered in time. */
async function failureOf(check: () => Promise<unknown>): Promise<unknown> {
  const timeout = new AbortController();
  try {
    return await Promise.race([
      check().then(() => undefined),
      sleep(CHECK_TIMEOUT_MS, new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`), {
        signal: timeout.signal,
      }),
    ]);
  } catch (error) {
    return error;
  } finally {
    timeout.abort();
  }
}

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'getHealth',
    {
      summary: 'Whether the server, its database and Redis answer, and which release it runs',
      description:
        "200 `ok`, or `degraded` while Redis is down or since the last mail could not be sent (the server still serves every request); 503 when the database does not answer. `version` is the running release; `mail` is `log` when mail is printed to the server's terminal instead of sent, `error` from a failed send until one succeeds.",
      tags: ['health'],
      security: SECURITY.none,
      answers: { 503: healthSchema },
    },
    async (request, reply) => {
      const redisClient = app.redis;
      const [dbError, redisError] = await Promise.all([
        failureOf(() => app.db.execute(sql`select 1`)),
        redisClient ? failureOf(() => redisClient.ping()) : undefined,
      ]);
      // Redis outages are logged by the redis plugin when they start, not on every probe.
      if (dbError) request.log.error({ err: dbError }, 'health check: database unreachable');
      const db = dbError ? 'error' : 'ok';
      const redis = !redisClient ? 'off' : redisError ? 'error' : 'ok';
      const mail = app.mailer.failing() ? 'error' : app.config.smtpUrl ? 'smtp' : 'log';
      const status = dbError ? 'error' : redisError || mail === 'error' ? 'degraded' : 'ok';
      return reply.status(dbError ? 503 : 200).send({ status, db, redis, version: VERSION, mail });
    },
  );
};
export default healthRoutes;
