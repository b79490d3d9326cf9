import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  readNotificationsInputSchema,
  unreadNotificationsSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { currentUser } from '../../plugins/auth';
import { listNotifications, markRead, settingsOf, updateSettings } from './service';

const tags = ['notifications'];
const security = SECURITY.member;

const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      schema: {
        summary: "The caller's notifications, newest first",
        description:
          'One row per group (40 likes on a post are one), with the count of unread groups.',
        operationId: 'listNotifications',
        tags,
        security,
        querystring: notificationListQuerySchema,
        response: { 200: notificationPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listNotifications(app.db, currentUser(request).id, request.query),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        summary: 'Mark notifications read',
        description: "The groups named, or all; ids of someone else's groups are ignored.",
        operationId: 'readNotifications',
        tags,
        security,
        body: readNotificationsInputSchema,
        response: { 200: unreadNotificationsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => markRead(app.db, app.events, currentUser(request).id, request.body?.ids),
  );

  app.get(
    '/notifications/settings',
    {
      schema: {
        summary: 'Which notification types the caller receives',
        operationId: 'getNotificationSettings',
        tags,
        security,
        response: { 200: notificationSettingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => settingsOf(app.db, currentUser(request).id),
  );

  app.put(
    '/notifications/settings',
    {
      schema: {
        summary: 'Switch notification types on or off',
        description: 'Any subset of the six; an off type is not stored.',
        operationId: 'updateNotificationSettings',
        tags,
        security,
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => updateSettings(app.db, currentUser(request).id, request.body),
  );
};
export default notificationsRoutes;
