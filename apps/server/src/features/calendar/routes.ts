import {
  API_BASE,
  CALENDAR_MESSAGES,
  calendarDayListSchema,
  calendarDaySchema,
  calendarFeedUrlSchema,
  calendarQuerySchema,
  dateParamSchema,
  holidayInputSchema,
  messageResponseSchema,
  setLeaveInputSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, errorResponses, SECURITY } from '../../lib/openapi';
import { actorOf, currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { issueFeedToken } from './feed-tokens';
import { clearLeave, listYear, removeHoliday, setHoliday, setLeave } from './service';

const tags = ['calendar'];
const security = SECURITY.member;
const LOCKED_OR_UNVERIFIED = {
  403: 'A weekend or a holiday an admin set (`DAY_LOCKED`, `field` is `date`), or the e-mail address is not confirmed yet (`EMAIL_NOT_VERIFIED`).',
} as const;

/** A member's calendar; registered among the signed-in members' routes. */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar',
    {
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

  await app.register(
    guarded('requireVerified', async (confirmed) => {
      confirmed.post(
        '/calendar',
        {
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

      confirmed.delete(
        '/calendar/:date',
        {
          schema: {
            summary: "Clear one of the caller's days",
            description: 'Idempotent. Weekends and holidays are refused.',
            operationId: 'clearLeaveDay',
            tags,
            security,
            params: dateParamSchema,
            response: {
              200: messageResponseSchema,
              ...errorResponses(400, 401, LOCKED_OR_UNVERIFIED),
            },
          },
        },
        async (request) => {
          await clearLeave(app.db, currentUser(request).id, request.params.date);
          return { message: CALENDAR_MESSAGES.dayCleared };
        },
      );

      confirmed.post(
        '/calendar/ics-token',
        {
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
    }),
  );

  await app.register(
    guarded('requireAdmin', async (admins) => {
      admins.post(
        '/calendar/holiday',
        {
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
        async (request) => setHoliday(app.db, actorOf(request), request.body.date),
      );

      admins.delete(
        '/calendar/holiday/:date',
        {
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
          await removeHoliday(app.db, request.params.date, actorOf(request));
          return { message: CALENDAR_MESSAGES.holidayRemoved };
        },
      );
    }),
  );
};
export default calendarRoutes;
