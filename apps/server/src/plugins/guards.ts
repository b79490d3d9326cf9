import type { FastifyPluginOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The pre-handlers of plugins/auth.ts, from the least a request must prove to the most. */
export type Guard = 'requireUser' | 'requireVerified' | 'requireAdmin';

/**
 * Routes behind a guard: an encapsulated context whose one `preHandler` hook is the guard, so no
 * route added to it can go without. Subtrees nest (the API's member routes hold the confirmed
 * members' and the admins'), and the guards of nested subtrees authenticate a request once.
 * A context's hooks run before a route's own, and pre-handlers after validation: a request that
 * is both malformed and anonymous answers 400.
 */
export function guarded<Options extends FastifyPluginOptions>(
  guard: Guard,
  routes: FastifyPluginAsyncZod<Options>,
): FastifyPluginAsyncZod<Options> {
  return async (app, options) => {
    app.addHook('preHandler', app[guard]);
    await routes(app, options);
  };
}
