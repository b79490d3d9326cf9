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
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import type { IssuedRefreshToken } from '../../plugins/sessions';
import { presentMe } from '../../use-cases/present-me';
import type { CodeBook } from './code-service';
import { createAuthService } from './service';

export const REFRESH_COOKIE = 'refresh_token';

const tags = ['auth'];
const security = SECURITY.none;
/** Every auth body is small: more than LIMITS.authBodyMaxBytes is refused before it is read. */
const tooLarge = { 413: `The body is over ${LIMITS.authBodyMaxBytes / 1024} KiB.` };
const limited = { 429: 'Too many attempts from this address or for this e-mail: wait.' };

const authRoutes: FastifyPluginAsyncZod<{ codes: CodeBook }> = async (app, { codes }) => {
  const auth = createAuthService(app, codes);
  const secure = app.config.publicUrl.startsWith('https:');
  const cookieOptions = { path: API_BASE, httpOnly: true, sameSite: 'strict', secure } as const;
  const setRefreshCookie = (reply: FastifyReply, issued: IssuedRefreshToken) =>
    reply.setCookie(REFRESH_COOKIE, issued.token, { ...cookieOptions, expires: issued.expiresAt });

  app.post(
    '/signup',
    {
      bodyLimit: LIMITS.authBodyMaxBytes,
      config: { rateLimit: RATE_LIMITS.signup },
      schema: {
        summary: 'Create an account',
        description: 'Mails a confirmation code to the address (`POST /api/verify` takes it).',
        operationId: 'signUp',
        tags,
        security,
        body: signUpInputSchema,
        response: {
          201: messageResponseSchema,
          ...errorResponses(
            400,
            { 409: 'The e-mail or the username is taken.' },
            tooLarge,
            limited,
          ),
        },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.signUp(request.body)),
  );

  app.post(
    '/verify',
    {
      bodyLimit: LIMITS.authBodyMaxBytes,
      config: { rateLimit: RATE_LIMITS.verify },
      schema: {
        summary: 'Confirm the e-mail address with the mailed code',
        operationId: 'verifyEmail',
        tags,
        security,
        body: verifyInputSchema,
        response: {
          200: messageResponseSchema,
          ...errorResponses(
            { 400: 'Invalid input, a wrong or used-up code, or an address already confirmed.' },
            tooLarge,
            limited,
          ),
        },
      },
    },
    async (request) => auth.verify(request.body),
  );

  app.post(
    '/resend-code',
    {
      bodyLimit: LIMITS.authBodyMaxBytes,
      config: { rateLimit: RATE_LIMITS.resendCode },
      schema: {
        summary: 'Mail a new confirmation code',
        description: 'Answers the same whether or not an account has this e-mail.',
        operationId: 'resendCode',
        tags,
        security,
        body: emailOnlyInputSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, tooLarge, limited) },
      },
    },
    async (request) => auth.resendCode(request.body),
  );

  app.post(
    '/signin',
    {
      bodyLimit: LIMITS.authBodyMaxBytes,
      config: { rateLimit: RATE_LIMITS.signin },
      schema: {
        summary: 'Sign in',
        description:
          'Answers an access token and the member, and sets the refresh cookie (httpOnly, path `/api`).',
        operationId: 'signIn',
        tags,
        security,
        body: signInInputSchema,
        response: {
          200: signInResponseSchema,
          ...errorResponses(
            400,
            { 401: 'Wrong e-mail or password (`INVALID_CREDENTIALS`).' },
            tooLarge,
            limited,
          ),
        },
      },
    },
    async (request, reply) => {
      const { user, token, refresh } = await auth.signIn(request.body);
      setRefreshCookie(reply, refresh);
      return { token, user: await presentMe(app, user) };
    },
  );

  app.post(
    '/refresh',
    {
      config: { rateLimit: RATE_LIMITS.refresh },
      schema: {
        summary: 'Trade the refresh cookie for a new access token',
        description: 'Rotates the refresh cookie. A cookie that no longer works is cleared.',
        operationId: 'refreshSession',
        tags,
        security: SECURITY.refreshCookie,
        response: {
          200: tokenResponseSchema,
          ...errorResponses(
            {
              401: 'No refresh cookie, or an expired, used or revoked one (`INVALID_REFRESH_TOKEN`).',
            },
            limited,
          ),
        },
      },
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
    {
      schema: {
        summary: 'Sign out',
        description: "Ends the cookie's session, if any, and clears the cookie; always succeeds.",
        operationId: 'signOut',
        tags,
        security: SECURITY.optionalRefreshCookie,
        response: { 200: messageResponseSchema },
      },
    },
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
      schema: {
        summary: 'Mail a password-reset code',
        description: 'Answers the same whether or not an account has this e-mail.',
        operationId: 'forgotPassword',
        tags,
        security,
        body: emailOnlyInputSchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, tooLarge, limited) },
      },
    },
    async (request) => auth.forgotPassword(request.body),
  );

  app.post(
    '/reset-password',
    {
      bodyLimit: LIMITS.authBodyMaxBytes,
      config: { rateLimit: RATE_LIMITS.resetPassword },
      schema: {
        summary: 'Set a new password with the mailed code',
        description: "Ends all of the member's sessions.",
        operationId: 'resetPassword',
        tags,
        security,
        body: resetPasswordInputSchema,
        response: {
          200: messageResponseSchema,
          ...errorResponses(
            { 400: 'Invalid input, or a wrong or used-up code.' },
            tooLarge,
            limited,
          ),
        },
      },
    },
    async (request) => auth.resetPassword(request.body),
  );
};
export default authRoutes;
