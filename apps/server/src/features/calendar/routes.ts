import {
  API_BASE,
  CALENDAR_MESSAGES,
  calendarDayListSchema,
  calendarDaySchema,
  calendarFeedQuerySchema,
  calendarFeedUrlSchema,
  calendarQuerySchema,
  dateParamSchema,
  holidayInputSchema,
  messageResponseSchema,
  setLeaveInputSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ADMIN_ONLY, errorResponses, SECURITY } from '../../lib/openapi';
import { currentUser } from '../../plugins/auth';
import { createFeedSource } from './feed-source';
import { issueFeedToken } from './feed-tokens';
import { clearLeave, listYear, removeHoliday, setHoliday, setLeave } from './service';

const tags = ['calendar'];
const security = SECURITY.member;
const LOCKED_OR_UNVERIFIED = {
  403: 'A weekend or a holiday an admin set (`DAY_LOCKED`, `field` is `date`), or the e-mail address is not confirmed yet (`EMAIL_NOT_VERIFIED`).',
} as const;

const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const feeds = createFeedSource(app.db, new URL(app.config.publicUrl).hostname);

  app.get(
    '/calendar',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "The caller's leave days and the holidays of a year",
        description: "Never another member's days. `year` defaults to the current one (UTC).",
        operationId: 'listCalendarDays',
        tags,
        security,
        querystring: calendarQuerySchema,
        response: { 200: calendarDayListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      listYear(app.db, currentUser(request).id, request.query.year ?? new Date().getUTCFullYear()),
  );

  app.post(
    '/calendar',
    {
      preHandler: app.requireVerified,
      schema: {
        summary: "Mark one of the caller's days as sick or unpaid",
        description: 'Saves over whatever the day held. Weekends and holidays are refused.',
        operationId: 'setLeaveDay',
        tags,
        security,
        body: setLeaveInputSchema,
        response: { 200: calendarDaySchema, ...errorResponses(400, 401, LOCKED_OR_UNVERIFIED) },
      },
    },
    async (request) => setLeave(app.db, currentUser(request).id, request.body),
  );

  app.delete(
    '/calendar/:date',
    {
      preHandler: app.requireVerified,
      schema: {
        summary: "Clear one of the caller's days",
        description: 'Idempotent. Weekends and holidays are refused.',
        operationId: 'clearLeaveDay',
        tags,
        security,
        params: dateParamSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, LOCKED_OR_UNVERIFIED) },
      },
    },
    async (request) => {
      await clearLeave(app.db, currentUser(request).id, request.params.date);
      return { message: CALENDAR_MESSAGES.dayCleared };
    },
  );

  app.post(
    '/calendar/holiday',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'Set a holiday for everyone',
        description: 'Admins only. Idempotent; any day may be a holiday.',
        operationId: 'setHoliday',
        tags,
        security,
        body: holidayInputSchema,
        response: { 200: calendarDaySchema, ...errorResponses(400, 401, ADMIN_ONLY) },
      },
    },
    async (request) => setHoliday(app.db, currentUser(request), request.body.date),
  );

  app.delete(
    '/calendar/holiday/:date',
    {
      preHandler: app.requireAdmin,
      schema: {
        summary: 'Remove a holiday',
        description: 'Admins only. Idempotent.',
        operationId: 'removeHoliday',
        tags,
        security,
        params: dateParamSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 401, ADMIN_ONLY) },
      },
    },
    async (request) => {
      await removeHoliday(app.db, request.params.date, currentUser(request));
      return { message: CALENDAR_MESSAGES.holidayRemoved };
    },
  );

  app.post(
    '/calendar/ics-token',
    {
      preHandler: app.requireVerified,
      schema: {
        summary: "A new secret address of the caller's iCalendar feed",
        description: 'The previous address stops working at once.',
        operationId: 'regenerateCalendarFeed',
        tags,
        security,
        response: {
          200: calendarFeedUrlSchema,
          ...errorResponses(401, {
            403: 'The e-mail address is not confirmed yet (`EMAIL_NOT_VERIFIED`).',
          }),
        },
      },
    },
    async (request) => {
      const token = await issueFeedToken(app.db, currentUser(request).id);
      // PUBLIC_URL when the operator set it; else the address the member reached us at.
      const origin = app.config.publicUrlSet
        ? app.config.publicUrl
        : `${request.protocol}://${request.host}`;
      return { url: `${origin}${API_BASE}/calendar.ics?token=${encodeURIComponent(token)}` };
    },
  );

  app.get(
    '/calendar.ics',
    {
      schema: {
        summary: "A member's leave and the holidays as an iCalendar feed",
        description:
          'RFC 5545, for calendar apps to subscribe to. The secret `token` comes from `POST /calendar/ics-token`; a new password revokes it. Shows the days from a year back to two years ahead. Carries an ETag: sent back in `If-None-Match`, it answers 304 while those days read the same.',
        operationId: 'calendarFeed',
        tags,
        security: SECURITY.none,
        querystring: calendarFeedQuerySchema,
        response: {
          200: {
            description: 'The feed.',
            content: { 'text/calendar': { schema: z.string() } },
          },
          // As GET /posts: no body, and none serialised.
          304: z.null().optional().describe('The feed reads as it did under the ETag sent.'),
          ...errorResponses(400, { 404: 'No feed has this token (unknown, or regenerated).' }),
        },
      },
    },
    async (request, reply) => {
      const feed = await feeds(request.query.token, request.headers['if-none-match']);
      if (feed.status === 404) throw notFound(CALENDAR_MESSAGES.feedNotFound);
      // The address is a secret: no shared cache keeps it; the app asks again with the ETag.
      reply.header('etag', feed.etag).header('cache-control', 'private, no-cache');
      if (feed.status === 304) return reply.code(304).send(undefined);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="devplay-leave.ics"')
        .send(feed.body);
    },
  );
};
export default calendarRoutes;
