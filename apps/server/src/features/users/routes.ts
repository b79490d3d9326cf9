import {
  changePasswordInputSchema,
  PROFILE_MESSAGES,
  updateProfileInputSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps';
import { readImageForm } from '../../lib/multipart';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { SESSION_COOKIES_DOC, sessionCookies } from '../../lib/session-cookies';
import { parseWith } from '../../lib/validation';
import { currentUser } from '../../plugins/auth';
import { deleteMember } from '../../use-cases/delete-member';
import { presentMe } from '../../use-cases/present-me';
import { changePassword, getProfile, searchUsers, updateProfile } from './service';

const tags = ['users'];
const security = SECURITY.member;

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const cookies = sessionCookies(app.config.publicUrl);
  route(
    app,
    'getMe',
    { summary: 'The signed-in member', tags, security, errors: errorResponses(401) },
    async (request) => presentMe(deps, currentUser(request)),
  );

  route(
    app,
    'updateMe',
    {
      summary: 'Edit the profile, or change the password',
      description:
        'multipart/form-data (username, fullName, age, bio, avatar?) edits the profile; JSON (currentPassword, newPassword) changes the password.',
      tags,
      security,
      errors: errorResponses(
        { 400: 'Invalid input, or a wrong current password (`WRONG_PASSWORD`).' },
        401,
        { 409: 'The username is taken.' },
        { 413: 'The avatar is over 5 MB or has too many pixels.' },
        { 415: 'The avatar is not an image.' },
        {
          429: "Too many current-password checks, or the day's image quota is used up: wait.",
        },
        503,
        { 507: 'The server is too short of disk space to store the avatar.' },
      ),
    },
    async (request) => {
      let user = currentUser(request);
      const profile = request.isMultipart();
      if (profile) {
        const { fields, image } = await readImageForm(request, 'avatar');
        user = await updateProfile(
          app.db,
          app.storage,
          user,
          parseWith(updateProfileInputSchema, fields),
          image,
        );
      } else {
        const input = parseWith(changePasswordInputSchema, request.body ?? {});
        await app.accountLimits.consume('passwordChecks', user.id);
        await changePassword(app.db, user, input);
        // Whoever else held the old password is signed out; this browser stays signed in.
        await app.endSessions(user.id, { keep: request.sessionId ?? undefined });
      }
      await app.memberChanged(user.id, { inFeeds: profile });
      return presentMe(deps, user);
    },
  );

  route(
    app,
    'deleteMe',
    {
      summary: 'Delete the account',
      description: `Cannot be undone: the balance goes back to the system account; posts, comments, likes, follows, messages, files and sessions go with the account. ${SESSION_COOKIES_DOC.cleared}`,
      tags,
      security,
      errors: errorResponses(401),
    },
    async (request, reply) => {
      await deleteMember(deps, currentUser(request).id);
      cookies.clear(reply);
      return { message: PROFILE_MESSAGES.accountDeleted };
    },
  );

  route(
    app,
    'getProfile',
    {
      summary: "A member's profile",
      description:
        "With where the caller stands: `blocked` (the caller blocks them), `blocksMe`, `muted`, `canMessage` and `canSendMoney` (their privacy and any block, as POST /messages and POST /transaction apply them; false on one's own), `suspended`. When either blocks the other, or they are suspended, only `id`, `username`, `fullName`, `avatar` and the flags come (`isFollowing` false).",
      tags,
      security,
      errors: errorResponses(400, 401, { 404: 'No member has this username.' }),
    },
    async (request) => getProfile(app.db, currentUser(request).id, request.params.username),
  );

  route(
    app,
    'searchUsers',
    {
      summary: 'Search members by username or full name',
      description:
        'Members in a block with the caller, either way, are never found; suggestions (`suggest=true`) also leave out those the caller follows or mutes.',
      tags,
      security,
      errors: errorResponses(400, 401),
    },
    async (request) => searchUsers(app.db, currentUser(request).id, request.query),
  );
};
export default usersRoutes;
