import { PUSH } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { createPushService } from './service';

const tags = ['push'];
const security = SECURITY.member;

/** A signed-in member's devices, subscribed to Web Push and unsubscribed (API.md Push). */
const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const push = createPushService(app.db, app.config.pushAllowPrivateHosts);

  route(
    app,
    'subscribePush',
    {
      summary: 'Push notifications on this device',
      description: `Takes the browser's \`PushSubscription.toJSON()\` and the types this device wants (notification types and \`message\`; omitted: all). The endpoint names the device: subscribing again, as whoever is signed in there, replaces its row. A member keeps ${PUSH.perMember} devices; one more replaces the oldest.`,
      tags,
      security,
      errors: errorResponses(
        {
          400: 'Invalid input: an endpoint that is not https://, too long, on a loopback, private or link-local address or a name resolving to one, or that does not resolve; keys that are not a P-256 point and a 16-byte secret.',
        },
        401,
        429,
      ),
    },
    async (request, reply) =>
      reply.code(201).send(await push.subscribe(currentUser(request).id, request.body)),
  );

  route(
    app,
    'unsubscribePush',
    {
      summary: 'No push notifications on this device',
      description:
        "Deletes the caller's subscription of this endpoint; the same answer when there was none.",
      tags,
      security,
      errors: errorResponses(400, 401, 429),
    },
    async (request) => push.unsubscribe(currentUser(request).id, request.body.endpoint),
  );
};
export default pushRoutes;
