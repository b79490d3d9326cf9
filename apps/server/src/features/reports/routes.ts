import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps';
import { ADMIN_ONLY, errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { actorOf, currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { listReports } from './queue-service';
import { fileReport } from './report-service';
import { resolveReport } from './resolve-service';
import { suspendMember, unsuspendMember } from './suspension-service';

const tags = ['reports'];
const security = SECURITY.member;
const NO_MEMBER = { 404: 'No such member.' } as const;

/** Members report what they see; registered among the signed-in members' routes. */
const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  route(
    app,
    'reportContent',
    {
      summary: 'Report a post, comment, member or message to the admins',
      description:
        "A message only when the caller received it; its text goes with the report. 201 with a new report; 200 with the caller's open report on the same target when there is one (one open report per reporter and target). The answer tells nothing of other members' reports (`reportsCount` is 1).",
      tags,
      security,
      errors: errorResponses(
        { 400: 'Invalid input, or the caller or their own content (`SELF_TARGET`).' },
        401,
        {
          403: 'A message the caller did not receive (`FORBIDDEN`), or the e-mail address is not confirmed yet (`EMAIL_NOT_VERIFIED`).',
        },
        { 404: 'No such target, or one hidden from the caller.' },
      ),
    },
    async (request, reply) => {
      const { report, created } = await fileReport(deps, currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send(report);
    },
  );
};

/** The admins' queue and suspensions. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  route(
    app,
    'adminListReports',
    {
      summary: 'Reports, for the admin panel',
      description:
        'Admins only. Newest first, paged by cursor; `status` keeps one kind (`open` by default, `all` for every one); `q` finds text in the excerpt, either note or either username; `open` counts the open reports in all.',
      tags,
      security,
      errors: errorResponses(400, 401, ADMIN_ONLY),
    },
    async (request) => listReports(app.db, request.query),
  );

  route(
    app,
    'adminResolveReport',
    {
      summary: 'Resolve a report and every other open one on its target',
      description:
        'Admins only. `dismiss`; `remove` deletes the post, comment or message as an admin deletion does; `warn` sends the author a moderation notification carrying `note`; `suspend` suspends the author for `days` (1–365; omitted: until lifted). Each reporter gets a `report` notification that never names the admin. One transaction with its audit entries.',
      tags,
      security,
      errors: errorResponses(
        {
          400: 'Invalid input, `days` without `suspend`, or `remove` of a member (`field` is `action`).',
        },
        401,
        ADMIN_ONLY,
        { 404: 'No such report, or the member to suspend is gone.' },
        {
          409: 'The report is no longer open (`REPORT_RESOLVED`), or the author to suspend is an admin (`CANNOT_SUSPEND_ADMIN`).',
        },
      ),
    },
    async (request) => resolveReport(deps, actorOf(request), request.params.id, request.body),
  );

  route(
    app,
    'adminSuspendUser',
    {
      summary: 'Suspend a member',
      description:
        'Admins only. For `days` (1–365; omitted: until lifted): the member cannot sign in, their sessions end and their sockets close (4403). Suspending again replaces the end and the reason. `until` is when it ends by itself (ISO), null until lifted. Recorded in the audit log.',
      tags,
      security,
      errors: errorResponses(400, 401, ADMIN_ONLY, NO_MEMBER, {
        409: 'The member is an admin (`CANNOT_SUSPEND_ADMIN`): demote them first.',
      }),
    },
    async (request) => suspendMember(deps, actorOf(request), request.params.id, request.body),
  );

  route(
    app,
    'adminUnsuspendUser',
    {
      summary: "Lift a member's suspension",
      description:
        'Admins only. Idempotent: lifting a suspension that is not running records nothing. Recorded in the audit log.',
      tags,
      security,
      errors: errorResponses(400, 401, ADMIN_ONLY, NO_MEMBER),
    },
    async (request) => unsuspendMember(deps, actorOf(request), request.params.id),
  );
};

const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(guarded('requireVerified', memberRoutes));
  await app.register(guarded('requireAdmin', adminRoutes));
};
export default reportsRoutes;
