import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import type { VapidKeys } from './vapid-keys';

/** The server's VAPID public key: public, as the browser needs it before anything else. */
const pushKeyRoutes: FastifyPluginAsyncZod<{ vapid: VapidKeys }> = async (app, { vapid }) => {
  route(
    app,
    'getPushKey',
    {
      summary: "The server's push key",
      description:
        'The VAPID public key (base64url) for `pushManager.subscribe({ applicationServerKey })`.',
      tags: ['push'],
      security: SECURITY.none,
      errors: errorResponses(429),
    },
    async () => ({ publicKey: vapid.publicKey }),
  );
};
export default pushKeyRoutes;
