import { ACCESS_TOKEN_HEADER, API_BASE, SESSION } from '@devplay/shared';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { describeHandlerBodies, openApiSchemas } from '../lib/openapi';
import { REFRESH_COOKIE, SESSION_COOKIES_DOC } from '../lib/session-cookies';
import { VERSION } from '../lib/version';

/** One per feature; every route names one of these (its `tags`). */
const TAGS = [
  { name: 'auth', description: 'Sign-up, e-mail confirmation, sign-in, sessions and passwords.' },
  { name: 'users', description: 'The signed-in member (`/me`), profiles and member search.' },
  { name: 'posts', description: 'The feed: listing, publishing and deleting posts.' },
  { name: 'likes', description: 'Likes on posts and who gave them.' },
  { name: 'comments', description: 'Comments on posts.' },
  { name: 'follows', description: 'Following members, followers and followings.' },
  {
    name: 'safety',
    description:
      "Blocks (mutual in effect), mutes and who may message or pay the caller. A profile's `blocked`, `muted`, `blocksMe`, `canMessage` and `canSendMoney` say where the caller stands.",
  },
  {
    name: 'messages',
    description:
      'Private messages and conversations. New messages also arrive on the live socket (`GET /api/ws`, not described here: a WebSocket).',
  },
  { name: 'money', description: 'Balance, transfers between members and their history.' },
  { name: 'uploads', description: 'Images uploaded for posts.' },
  {
    name: 'calendar',
    description:
      "The leave calendar: a member's sick and unpaid days, admins' holidays, an iCalendar feed.",
  },
  {
    name: 'tournament',
    description:
      'The 1v1 tournament: participants, the bracket, the map pool and the maps of each match. Changes reach every signed-in socket as `tournament:changed`.',
  },
  {
    name: 'admin',
    description:
      'The admin panel: members, posts and comments to search and delete, and the audit log of every admin action.',
  },
  {
    name: 'widgets',
    description:
      "The home page's weather and news, fetched by the server from third parties, cached, and never passed on unchecked.",
  },
  { name: 'health', description: 'Whether the server and its database and Redis answer.' },
  {
    name: 'push',
    description:
      "Web Push: the server's key and a device's subscription; notifications and messages then reach the device with the tab closed.",
  },
];

const DESCRIPTION = `The DevPlay API: every path is under \`${API_BASE}\`, on the origin that serves the web app.

**Signing in.** \`POST ${API_BASE}/signin\` answers an access token (a JWT, valid
${SESSION.accessTokenTtlSeconds / 60} minutes). ${SESSION_COOKIES_DOC.set} Send the token in the
\`${ACCESS_TOKEN_HEADER}\` header (or \`Authorization: Bearer\`); \`POST ${API_BASE}/refresh\` trades
the cookie for a new token. Sign-out, a refused refresh and account deletion clear both cookies.

**Errors.** Every failure answers \`{ message, code, field? }\` (the \`ApiError\` schema): \`message\` is
for people, \`code\` is stable for programs, \`field\` names the input at fault. Each operation lists
the failures its inputs and rules give; besides those, any request may answer 400 for a body or URL
that cannot be read, 404 for a path that leads nowhere, 413 for a body over the size limit (1 MiB
unless the operation says less), 414 for an over-long path segment and 415 for a content type the
operation does not read.

**Lists** that grow are paged by cursor: \`?cursor=&limit=\` answering \`{ items, nextCursor }\`.

**Live socket.** \`GET ${API_BASE}/ws\` is a WebSocket, not described here. Its first frame
authenticates: \`{ type: 'auth', token, lastSeenId?, notificationsSince? }\`. With
\`notificationsSince\` the server replays the newest 50 notification groups changed after it,
oldest first. A \`{ type: 'resync' }\` frame says the socket missed events the server could not
send (more groups had changed, or its processes lost touch for a while): read again, from the
operations below, what you show.`;

/**
 * OpenAPI generated from the routes' zod schemas: JSON at /api/docs/json, UI at /api/docs.
 * `npm run lint` checks it with Redocly's recommended rules (scripts/openapi/lint.ts).
 */
export default fp(async function docsPlugin(app: FastifyInstance) {
  const { config } = app;
  const transformObject = createJsonSchemaTransformObject({ schemaRegistry: openApiSchemas });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'DevPlay API',
        version: VERSION,
        license: { name: 'AGPL-3.0-or-later', url: 'https://www.gnu.org/licenses/agpl-3.0.html' },
        description: DESCRIPTION,
      },
      // Same origin as the page by default; PUBLIC_URL names it when the server knows it.
      servers: [
        config.publicUrlSet
          ? { url: config.publicUrl, description: 'This DevPlay server' }
          : { url: '/', description: 'The server that serves this description' },
      ],
      tags: TAGS,
      components: {
        securitySchemes: {
          accessToken: {
            type: 'apiKey',
            in: 'header',
            name: ACCESS_TOKEN_HEADER,
            description: 'The access token `POST /api/signin` or `POST /api/refresh` answered.',
          },
          bearerToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The same access token as `Authorization: Bearer <token>`.',
          },
          refreshCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: REFRESH_COOKIE,
            description: 'The httpOnly refresh cookie set by sign-in and rotated by refresh.',
          },
        },
      },
    },
    transform: createJsonSchemaTransform({ schemaRegistry: openApiSchemas }),
    transformObject: (document) => {
      const object = describeHandlerBodies(transformObject(document));
      // Error bodies are only ever answers: their input twin would be a component nothing uses.
      if ('components' in object) delete object.components?.schemas?.ApiErrorInput;
      return object;
    },
  });
  await app.register(swaggerUi, {
    routePrefix: `${API_BASE}/docs`,
    staticCSP: true,
    // Swagger UI sets a few inline styles of its own; only its pages get this allowance.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });
});
