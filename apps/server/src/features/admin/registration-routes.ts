import { APPROVAL_MESSAGES } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps';
import { readSiteSettings } from '../../db/site-settings';
import { ADMIN_ONLY, errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { currentUser } from '../../plugins/auth';
import { deleteMember } from '../../use-cases/delete-member';
import { approveMember } from './approval-service';
import { updateSettings } from './settings-service';

const tags = ['admin'];
const security = SECURITY.member;
const NOT_PENDING = { 409: 'The member is not waiting for approval (`NOT_PENDING_APPROVAL`).' };

/** Who may sign up, and the members waiting for approval; inside the admins' subtree. */
const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);

  route(
    app,
    'adminGetSettings',
    {
      summary: "The site's registration settings",
      description:
        'Admins only. `registrations`: `open`, `approval` (a new member writes once an admin approved them) or `closed`; `blockedEmailDomains`: sign-ups from these domains and their subdomains are refused.',
      tags,
      security,
      errors: errorResponses(401, ADMIN_ONLY),
    },
    async () => readSiteSettings(app.db),
  );

  route(
    app,
    'adminUpdateSettings',
    {
      summary: "Change the site's registration settings",
      description:
        'Admins only. Any subset of the fields; the domains are stored lower-cased, each once, sorted, and replace the list. Applies from the next sign-up on every process; members who exist stay as they are. A change is recorded in the audit log (`settings.update`); a save that changes nothing records nothing.',
      tags,
      security,
      errors: errorResponses(400, 401, ADMIN_ONLY),
    },
    async (request) => updateSettings(app.db, currentUser(request), request.body),
  );

  route(
    app,
    'adminApproveUser',
    {
      summary: 'Approve a member waiting since sign-up',
      description:
        'Admins only. The member may write from their next request. Recorded in the audit log (`user.approve`).',
      tags,
      security,
      errors: errorResponses(400, 401, ADMIN_ONLY, { 404: 'No such member.' }, NOT_PENDING),
    },
    async (request) => {
      await approveMember(deps, currentUser(request), request.params.id);
      return { message: APPROVAL_MESSAGES.userApproved };
    },
  );

  route(
    app,
    'adminRejectUser',
    {
      summary: 'Reject a member waiting since sign-up',
      description:
        'Admins only. Deletes the account as `DELETE /api/admin/user/:id` does. Recorded in the audit log (`user.reject`).',
      tags,
      security,
      errors: errorResponses(
        400,
        401,
        {
          403: 'Not an admin (`FORBIDDEN`, `EMAIL_NOT_VERIFIED`), or the member is the admin themself (`CANNOT_DELETE_SELF`) or another admin (`CANNOT_DELETE_ADMIN`).',
        },
        { 404: 'No such member.' },
        NOT_PENDING,
      ),
    },
    async (request) => {
      await deleteMember(deps, request.params.id, { admin: currentUser(request), as: 'reject' });
      return { message: APPROVAL_MESSAGES.userRejected };
    },
  );
};
export default registrationRoutes;
