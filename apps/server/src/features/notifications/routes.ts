import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { listNotifications, markRead, settingsOf, updateSettings } from './service';

const tags = ['notifications'];
const security = SECURITY.member;

const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'listNotifications',
    {
      summary: "The caller's notifications, newest first",
      description:
        'One row per group (40 likes on a post are one), with the count of unread groups.',
      tags,
      security,
      errors: errorResponses(400, 401),
    },
    async (request) => listNotifications(app.db, currentUser(request).id, request.query),
  );

  route(
    app,
    'readNotifications',
    {
      summary: 'Mark notifications read',
      description: "The groups named, or all; ids of someone else's groups are ignored.",
      tags,
      security,
      errors: errorResponses(400, 401),
    },
    async (request) => markRead(app.db, app.events, currentUser(request).id, request.body?.ids),
  );

  route(
    app,
    'getNotificationSettings',
    {
      summary: 'Which notification types the caller receives',
      tags,
      security,
      errors: errorResponses(401),
    },
    async (request) => settingsOf(app.db, currentUser(request).id),
  );

  route(
    app,
    'updateNotificationSettings',
    {
      summary: 'Switch notification types on or off',
      description: 'Any subset of the six; an off type is not stored.',
      tags,
      security,
      errors: errorResponses(400, 401),
    },
    async (request) => updateSettings(app.db, currentUser(request).id, request.body),
  );
};
export default notificationsRoutes;
