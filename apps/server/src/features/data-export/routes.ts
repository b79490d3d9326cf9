import { DATA_EXPORT } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { createDataExportService } from './service';

const tags = ['security'];
const security = SECURITY.member;

/** The member's archive of their own data: asked for, watched, downloaded (API.md "Export"). */
const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDataExportService(depsOf(app));

  route(
    app,
    'startExport',
    {
      summary: 'Make an archive of my data',
      description: `Answers at once with \`pending\`; a job makes the zip and mails the member when it is ready (\`GET /api/me/export/download\` then sends it, for ${DATA_EXPORT.keptDays} days). One at a time, one a day; a failed one does not count.`,
      tags,
      security,
      errors: errorResponses(
        401,
        { 409: 'An archive is being made (`EXPORT_IN_PROGRESS`).' },
        { 429: 'An archive was started in the last 24 hours, or too many requests: wait.' },
      ),
    },
    async (request, reply) => {
      const started = await service.start(currentUser(request).id);
      return reply.code(202).send(started);
    },
  );

  route(
    app,
    'getExport',
    {
      summary: 'My newest archive',
      description:
        '`pending` while it is made; `ready` until `expiresAt`; `none` when none was asked for, it expired or it failed.',
      tags,
      security,
      errors: errorResponses(401, 429),
    },
    async (request) => service.status(currentUser(request).id),
  );

  route(
    app,
    'downloadExport',
    {
      summary: 'Download my archive',
      description:
        "The ready archive as a zip: `profile.json`, `posts.json`, `comments.json`, `likes.json`, `follows.json`, `messages.json`, `transactions.json`, `calendar.json` and the member's images under `media/`. Only ever the asking member's own.",
      tags,
      security,
      answer: 'The zip, as an attachment named `devplay-<username>-<yyyy-mm-dd>.zip`.',
      errors: errorResponses(401, { 404: 'No archive is ready (`NOT_FOUND`).' }, 429),
    },
    async (request, reply) => {
      const { archive, fileName } = await service.download(currentUser(request));
      return (
        reply
          .type('application/zip')
          .header('content-length', archive.bytes)
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          // The contract calls the zip's bytes a string (for the API description); they stream.
          .send(archive.body as unknown as string)
      );
    },
  );
};
export default dataExportRoutes;
