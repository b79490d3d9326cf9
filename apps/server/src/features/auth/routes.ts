import { LIMITS, SESSION_MARKER_COOKIE } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps';
import { deviceOf } from '../../lib/device';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { REFRESH_COOKIE, SESSION_COOKIES_DOC, sessionCookies } from '../../lib/session-cookies';
import { presentMe } from '../../use-cases/present-me';
import type { CodeBook } from './code-service';
import { CODE_MAIL_JOB, createAuthService } from './service';

const tags = ['auth'];
const security = SECURITY.none;
/** Every auth body is small: more than LIMITS.authBodyMaxBytes is refused before it is read. */
const bodyLimit = LIMITS.authBodyMaxBytes;
const tooLarge = { 413: `The body is over ${LIMITS.authBodyMaxBytes / 1024} KiB.` };
const limited = { 429: 'Too many attempts from this address or for this e-mail: wait.' };

const authRoutes: FastifyPluginAsyncZod<{ codes: CodeBook }> = async (app, { codes }) => {
  const deps = depsOf(app);
  const auth = createAuthService(deps, codes);
  app.jobs.handle(CODE_MAIL_JOB, auth.deliverCode);
  const cookies = sessionCookies(app.config.publicUrl);

  route(
    app,
    'signUp',
    {
      summary: 'Create an account',
      description:
        'Mails a confirmation code to the address (`POST /api/verify` takes it). While sign-ups need approval (`GET /api/signup-mode`), the new member also waits for an admin.',
      tags,
      security,
      bodyLimit,
      errors: errorResponses(
        {
          400: 'Invalid input, or an e-mail address of a blocked domain or under one (`field`: `email`).',
          403: 'Sign-ups are closed (`REGISTRATIONS_CLOSED`).',
          409: 'The e-mail or the username is taken.',
        },
        tooLarge,
        limited,
      ),
    },
    async (request, reply) => reply.status(201).send(await auth.signUp(request.body, request.ip)),
  );

  route(
    app,
    'getSignUpMode',
    {
      summary: 'Whether sign-ups are open',
      description:
        '`open`; `approval`: a new member can read once the e-mail is confirmed and write once an admin approved them; `closed`: `POST /api/signup` answers 403.',
      tags,
      security,
      errors: errorResponses({ 429: 'Too many requests from this address.' }),
    },
    async () => auth.signUpMode(),
  );

  route(
    app,
    'verifyEmail',
    {
      summary: 'Confirm the e-mail address with the mailed code',
      tags,
      security,
      bodyLimit,
      errors: errorResponses(
        { 400: 'Invalid input, a wrong or used-up code, or an address already confirmed.' },
        tooLarge,
        limited,
      ),
    },
    async (request) => auth.verify(request.body),
  );

  route(
    app,
    'resendCode',
    {
      summary: 'Mail a new confirmation code',
      description: 'Answers the same whether or not an account has this e-mail.',
      tags,
      security,
      bodyLimit,
      errors: errorResponses(400, tooLarge, limited),
    },
    async (request) => auth.resendCode(request.body),
  );

  route(
    app,
    'signIn',
    {
      summary: 'Sign in',
      description: `Answers an access token and the member. ${SESSION_COOKIES_DOC.set} On an account with a second factor, the right password answers \`{twoFactorRequired: true, ticket, methods}\` instead, with no token and no cookie: \`POST /api/signin/2fa\` takes the ticket with a code.`,
      tags,
      security,
      bodyLimit,
      errors: errorResponses(
        400,
        { 401: 'Wrong e-mail or password (`INVALID_CREDENTIALS`).' },
        tooLarge,
        limited,
      ),
    },
    async (request, reply) => {
      const answer = await auth.signIn(request.body, deviceOf(request));
      if ('challenge' in answer) return answer.challenge;
      cookies.set(reply, answer.refresh.token, answer.refresh.expiresAt);
      return { token: answer.token, user: await presentMe(deps, answer.user) };
    },
  );

  route(
    app,
    'refreshSession',
    {
      summary: 'Trade the refresh cookie for a new access token',
      description: `Rotates the refresh cookie and renews the \`${SESSION_MARKER_COOKIE}\` marker with it. A cookie that no longer works is cleared, and the marker with it.`,
      tags,
      security: SECURITY.refreshCookie,
      errors: errorResponses(
        {
          401: 'No refresh cookie, or an expired, used or revoked one (`INVALID_REFRESH_TOKEN`).',
        },
        limited,
      ),
    },
    async (request, reply) => {
      try {
        const { token, refresh } = await auth.refresh(
          request.cookies[REFRESH_COOKIE],
          deviceOf(request),
        );
        cookies.set(reply, refresh.token, refresh.expiresAt);
        return { token };
      } catch (error) {
        // A dead cookie is useless to the browser; drop it (and the marker) along with the 401.
        cookies.clear(reply);
        throw error;
      }
    },
  );

  route(
    app,
    'signOut',
    {
      summary: 'Sign out',
      description: `Ends the cookie's session, if any; always succeeds. ${SESSION_COOKIES_DOC.cleared}`,
      tags,
      security: SECURITY.optionalRefreshCookie,
    },
    async (request, reply) => {
      const result = await auth.logout(request.cookies[REFRESH_COOKIE]);
      cookies.clear(reply);
      return result;
    },
  );

  route(
    app,
    'forgotPassword',
    {
      summary: 'Mail a password-reset code',
      description: 'Answers the same whether or not an account has this e-mail.',
      tags,
      security,
      bodyLimit,
      errors: errorResponses(400, tooLarge, limited),
    },
    async (request) => auth.forgotPassword(request.body),
  );

  route(
    app,
    'resetPassword',
    {
      summary: 'Set a new password with the mailed code',
      description: "Ends all of the member's sessions.",
      tags,
      security,
      bodyLimit,
      errors: errorResponses(
        { 400: 'Invalid input, or a wrong or used-up code.' },
        tooLarge,
        limited,
      ),
    },
    async (request) => auth.resetPassword(request.body),
  );
};
export default authRoutes;
