import { API_BASE, apiRoutes, CALENDAR_MESSAGES } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_ONLY, errorResponses, SECURITY, UNVERIFIED } from '../../lib/openapi';
import { route } from '../../lib/route';
import { actorOf, currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { issueFeedToken } from './feed-tokens';
import { clearLeave, listYear, removeHoliday, setHoliday, setLeave } from './service';

const tags = ['calendar'];
const security = SECURITY.member;
const LOCKED_OR_UNVERIFIED = {
  403: "A weekend or a holiday an admin set (`DAY_LOCKED`, `field` is `date`), or the e-mail address is not confirmed yet (`EMAIL_NOT_VERIFIED`) or waits for an admin's approval (`PENDING_APPROVAL`).",
} as const;

/** A member's calendar; registered among the signed-in members' routes. */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    'listCalendarDays',
    {
      summary: "The caller's leave days and the holidays of a year",
      description: "Never another member's days. `year` defaults to the current one (UTC).",
      tags,
      security,
      errors: errorResponses(400, 401),
    },
    async (request) =>
      listYear(app.db, currentUser(request).id, request.query.year ?? new Date().getUTCFullYear()),
  );

  await app.register(
    guarded('requireVerified', async (confirmed) => {
      route(
        confirmed,
        'setLeaveDay',
        {
          summary: "Mark one of the caller's days as sick or unpaid",
          description: 'Saves over whatever the day held. Weekends and holidays are refused.',
          tags,
          security,
          errors: errorResponses(400, 401, LOCKED_OR_UNVERIFIED),
        },
        async (request) => setLeave(app.db, currentUser(request).id, request.body),
      );

      route(
        confirmed,
        'clearLeaveDay',
        {
          summary: "Clear one of the caller's days",
          description: 'Idempotent. Weekends and holidays are refused.',
          tags,
          security,
          errors: errorResponses(400, 401, LOCKED_OR_UNVERIFIED),
        },
        async (request) => {
          await clearLeave(app.db, currentUser(request).id, request.params.date);
          return { message: CALENDAR_MESSAGES.dayCleared };
        },
      );

      route(
        confirmed,
        'regenerateCalendarFeed',
        {
          summary: "A new secret address of the caller's iCalendar feed",
          description: 'The previous address stops working at once.',
          tags,
          security,
          errors: errorResponses(401, UNVERIFIED),
        },
        async (request) => {
          const token = await issueFeedToken(app.db, currentUser(request).id);
          // PUBLIC_URL when the operator set it; else the address the member reached us at.
          const origin = app.config.publicUrlSet
            ? app.config.publicUrl
            : `${request.protocol}://${request.host}`;
          const path = `${API_BASE}${apiRoutes.calendarFeed.path}`;
          return { url: `${origin}${path}?token=${encodeURIComponent(token)}` };
        },
      );
    }),
  );

  await app.register(
    guarded('requireAdmin', async (admins) => {
      route(
        admins,
        'setHoliday',
        {
          summary: 'Set a holiday for everyone',
          description: 'Admins only. Idempotent; any day may be a holiday.',
          tags,
          security,
          errors: errorResponses(400, 401, ADMIN_ONLY),
        },
        async (request) => setHoliday(app.db, actorOf(request), request.body.date),
      );

      route(
        admins,
        'removeHoliday',
        {
          summary: 'Remove a holiday',
          description: 'Admins only. Idempotent.',
          tags,
          security,
          errors: errorResponses(400, 401, ADMIN_ONLY),
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
