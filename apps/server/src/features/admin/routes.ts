import { ADMIN_MESSAGES } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps';
import { ADMIN_ONLY, errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { actorOf, currentUser } from '../../plugins/auth';
import { guarded } from '../../plugins/guards';
import { deleteComment } from '../../use-cases/delete-comment';
import { deleteMember } from '../../use-cases/delete-member';
import { deletePost } from '../../use-cases/delete-post';
import { listAudit } from './audit-service';
import { listComments, listPosts, listUsers } from './list-service';
import registrationRoutes from './registration-routes';

const tags = ['admin'];
const security = SECURITY.member;
const listFailures = errorResponses(400, 401, ADMIN_ONLY);
const LIST_DESCRIPTION =
  'Admins only. Newest first, paged by cursor; `query` (or `q`) keeps the rows containing the text, whatever its case';

/**
 * The admin panel (SPEC §2, §6). The whole subtree is gated once: every route in it answers 401
 * to the anonymous and 403 to members who are not confirmed admins.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  route(
    app,
    'adminListUsers',
    {
      summary: 'Members, for the admin panel',
      description: `${LIST_DESCRIPTION} in the username, full name or e-mail; \`status\` keeps the \`active\`, \`pending\` (waiting for approval) or \`suspended\` members.`,
      tags,
      security,
      errors: listFailures,
    },
    async (request) => {
      const { cursor, limit, query, q, status } = request.query;
      return listUsers(app.db, { cursor, limit, search: query || q, status }, app.isAdmin);
    },
  );

  route(
    app,
    'adminListPosts',
    {
      summary: 'Posts, for the admin panel',
      description: `${LIST_DESCRIPTION} in the title or the author's username.`,
      tags,
      security,
      errors: listFailures,
    },
    async (request) => {
      const { cursor, limit, query, q } = request.query;
      return listPosts(app.db, { cursor, limit, search: query || q });
    },
  );

  route(
    app,
    'adminListComments',
    {
      summary: 'Comments, for the admin panel',
      description: `${LIST_DESCRIPTION} in the text, the author's username or the post's title.`,
      tags,
      security,
      errors: listFailures,
    },
    async (request) => {
      const { cursor, limit, query, q } = request.query;
      return listComments(app.db, { cursor, limit, search: query || q });
    },
  );

  route(
    app,
    'adminDeleteUser',
    {
      summary: 'Delete a member',
      description:
        'Admins only. As when members delete themselves: their balance returns to the system account, their posts, comments, likes, messages, follows, sessions and uploads go, their sockets close. Never the admin themself (`CANNOT_DELETE_SELF`) nor another admin (`CANNOT_DELETE_ADMIN`). Recorded in the audit log.',
      tags,
      security,
      errors: errorResponses(
        400,
        401,
        {
          403: 'Not an admin (`FORBIDDEN`, `EMAIL_NOT_VERIFIED`), or the member is the admin themself (`CANNOT_DELETE_SELF`) or another admin (`CANNOT_DELETE_ADMIN`).',
        },
        { 404: 'No such member.' },
      ),
    },
    async (request) => {
      await deleteMember(deps, request.params.id, { admin: currentUser(request), as: 'delete' });
      return { message: ADMIN_MESSAGES.userDeleted };
    },
  );

  route(
    app,
    'adminDeletePost',
    {
      summary: "Delete any member's post",
      description:
        'Admins only. Its comments, likes and image go with it. Recorded in the audit log.',
      tags,
      security,
      errors: errorResponses(400, 401, ADMIN_ONLY, { 404: 'No such post.' }),
    },
    async (request) => {
      await deletePost(deps, actorOf(request), request.params.id);
      return { message: ADMIN_MESSAGES.postDeleted };
    },
  );

  route(
    app,
    'adminDeleteComment',
    {
      summary: "Delete any member's comment",
      description: 'Admins only. Recorded in the audit log.',
      tags,
      security,
      errors: errorResponses(400, 401, ADMIN_ONLY, { 404: 'No such comment.' }),
    },
    async (request) => {
      await deleteComment(deps, actorOf(request), request.params.id);
      return { message: ADMIN_MESSAGES.commentDeleted };
    },
  );

  route(
    app,
    'adminListAudit',
    {
      summary: 'The audit log of admin actions',
      description:
        'Admins only. Every admin action (deletions, maps, holidays, tournament changes), written in the same transaction as the action; newest first, paged by cursor, `action` keeps one kind.',
      tags,
      security,
      errors: listFailures,
    },
    async (request) => listAudit(app.db, request.query),
  );

  await app.register(registrationRoutes);
};
export default guarded('requireAdmin', adminRoutes);
