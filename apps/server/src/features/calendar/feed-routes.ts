import { CALENDAR_MESSAGES } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { createFeedSource } from './feed-source';

/** The iCalendar feed: public, its secret token standing in for the member. */
const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const feeds = createFeedSource(app.db, new URL(app.config.publicUrl).hostname);

  route(
    app,
    'calendarFeed',
    {
      summary: "A member's leave and the holidays as an iCalendar feed",
      description:
        'RFC 5545, for calendar apps to subscribe to. The secret `token` comes from `POST /calendar/ics-token`; a new password revokes it. Shows the days from a year back to two years ahead. Carries an ETag: sent back in `If-None-Match`, it answers 304 while those days read the same.',
      tags: ['calendar'],
      security: SECURITY.none,
      answer: 'The feed.',
      // As GET /posts: no body, and none serialised.
      answers: {
        304: z.null().optional().describe('The feed reads as it did under the ETag sent.'),
      },
      errors: errorResponses(400, { 404: 'No feed has this token (unknown, or regenerated).' }),
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
export default calendarFeedRoutes;
