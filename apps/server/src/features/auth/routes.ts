import {
  emailOnlyInputSchema,
  messageResponseSchema,
  resetPasswordInputSchema,
  signInInputSchema,
  signInResponseSchema,
  signUpInputSchema,
  tokenResponseSchema,
  verifyInputSchema,
  API_BASE,
  LIMITS,
} from '@devplay/shared';
import type { Me } from '@devplay/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import type { UserRow } from '../../db/schema/index';
import type { AuthService } from './service';
import type { IssuedRefreshToken } from '../../plugins/sessions';

export const REFRESH_COOKIE = 'refresh_token';

const tags = ['auth'];

type Options = {
  auth: AuthService;
  /** How the signed-in member is shown; the users feature owns it. */
  presentMe: (user: UserRow) => Promise<Me>;
};

const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, presentMe }) => {
  const secure = app.config.publicUrl.startsWith('https:');
  const cookieOptions = { path: API_BASE, httpOnly: true, sameSite: 'strict', secure } as const;
  const setRefreshCookie = (reply: FastifyReply, issued: IssuedRefreshToken) =>
    reply.setCookie(REFRESH_COOKIE, issued.token, { ...cookieOptions, expires: issued.expiresAt });

  app.post(
    '/signup',
    {
      bodyLimit: LIMITS.authBodyMaxBytes,
      config: { rateLimit: RATE_LIMITS.signup },
      schema: { tags, body: signUpInputSchema, response: { 201: messageResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await auth.signUp(request.body)),
  );

  app.post(
    '/verify',
    {
      bodyLimit: LIMITS.authBodyMaxBytes,
      config: { rateLimit: RATE_LIMITS.verify },
      schema: { tags, body: verifyInputSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => auth.verify(request.body),
  );

  app.post(
    '/resend-code',
    {
      bodyLimit: LIMITS.authBodyMaxBytes,
      config: { rateLimit: RATE_LIMITS.resendCode },
      schema: { tags, body: emailOnlyInputSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => auth.resendCode(request.body),
  );

  app.post(
    '/signin',
    {
      bodyLimit: LIMITS.authBodyMaxBytes,
      config: { rateLimit: RATE_LIMITS.signin },
      schema: { tags, body: signInInputSchema, response: { 200: signInResponseSchema } },
    },
    async (request, reply) => {
      const { user, token, refresh } = await auth.signIn(request.body);
      setRefreshCookie(reply, refresh);
      return { token, user: await presentMe(user) };
    },
  );

  app.post(
    '/refresh',
    {
      config: { rateLimit: RATE_LIMITS.refresh },
      schema: { tags, response: { 200: tokenResponseSchema } },
    },
    async (request, reply) => {
      try {
        const { token, refresh } = await auth.refresh(request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(reply, refresh);
        return { token };
      } catch (error) {
        // A dead cookie is useless to the browser; drop it along with the 401.
        reply.clearCookie(REFRESH_COOKIE, cookieOptions);
        throw error;
      }
    },
  );

  app.post(
    '/logout',
    { schema: { tags, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const result = await auth.logout(request.cookies[REFRESH_COOKIE]);
      reply.clearCookie(REFRESH_COOKIE, cookieOptions);
      return result;
    },
  );

  app.post(
    '/forgot-password',
    {
      bodyLimit: LIMITS.authBodyMaxBytes,
      config: { rateLimit: RATE_LIMITS.forgotPassword },
      schema: { tags, body: emailOnlyInputSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => auth.forgotPassword(request.body),
  );

  app.post(
    '/reset-password',
    {
      bodyLimit: LIMITS.authBodyMaxBytes,
      config: { rateLimit: RATE_LIMITS.resetPassword },
      schema: { tags, body: resetPasswordInputSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => auth.resetPassword(request.body),
  );
};
export default authRoutes;
