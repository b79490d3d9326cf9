import {
  changePasswordInputSchema,
  meSchema,
  messageResponseSchema,
  PROFILE_MESSAGES,
  profileSchema,
  updateProfileInputSchema,
  userSearchQuerySchema,
  userSummarySchema,
  usernameParamSchema,
} from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../lib/current-user';
import { readImageForm } from '../../lib/multipart';
import { parseWith } from '../../lib/validation';
import {
  changePassword,
  deleteAccount,
  getProfile,
  loadMe,
  searchUsers,
  updateProfile,
} from './service';

const tags = ['users'];
const security = [{ accessToken: [] }];

type Options = {
  /** Settles the member's money before the account goes (the money feature owns it). */
  closeAccount: (userId: number) => Promise<void>;
};

const usersRoutes: FastifyPluginAsyncZod<Options> = async (app, { closeAccount }) => {
  app.get(
    '/me',
    { preHandler: app.requireUser, schema: { tags, security, response: { 200: meSchema } } },
    async (request) => {
      const user = currentUser(request);
      return loadMe(app.db, user, app.isAdmin(user));
    },
  );

  app.put(
    '/me',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        description:
          'multipart/form-data (username, fullName, age, bio, avatar?) edits the profile; JSON (currentPassword, newPassword) changes the password.',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: meSchema },
      },
    },
    async (request) => {
      let user = currentUser(request);
      if (request.isMultipart()) {
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
      return loadMe(app.db, user, app.isAdmin(user));
    },
  );

  app.delete(
    '/me',
    {
      preHandler: app.requireUser,
      schema: { tags, security, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      const { id } = currentUser(request);
      await closeAccount(id);
      await deleteAccount(app.db, app.storage, id);
      await app.live.disconnect({ userId: id });
      return { message: PROFILE_MESSAGES.accountDeleted };
    },
  );

  app.get(
    '/user/:username',
    {
      preHandler: app.requireUser,
      schema: { tags, security, params: usernameParamSchema, response: { 200: profileSchema } },
    },
    async (request) => getProfile(app.db, currentUser(request).id, request.params.username),
  );

  app.get(
    '/users',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        querystring: userSearchQuerySchema,
        response: { 200: z.array(userSummarySchema) },
      },
    },
    async (request) => searchUsers(app.db, currentUser(request).id, request.query),
  );
};
export default usersRoutes;
