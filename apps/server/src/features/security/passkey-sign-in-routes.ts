import { LIMITS, PASSKEY } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps';
import { deviceOf } from '../../lib/device';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import { SESSION_COOKIES_DOC, sessionCookies } from '../../lib/session-cookies';
import { presentMe } from '../../use-cases/present-me';
import { createPasskeySignIn } from './passkey-sign-in';

const tags = ['security'];
const security = SECURITY.none;

/** Signing in with a passkey: public, as the member has no session yet. */
const passkeySignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app);
  const passkeys = createPasskeySignIn(deps);
  const cookies = sessionCookies(app.config.publicUrl);

  route(
    app,
    'passkeySignInOptions',
    {
      summary: 'Start a sign-in with a passkey',
      description: `Answers the options for \`navigator.credentials.get()\` (as JSON). With an \`email\`, the passkeys of that account are offered; an unknown address answers as no address does (an empty list: any passkey the browser holds for this site). The challenge works once, for ${PASSKEY.challengeMinutes} minutes.`,
      tags,
      security,
      bodyLimit: LIMITS.authBodyMaxBytes,
      errors: errorResponses(
        400,
        { 413: `The body is over ${LIMITS.authBodyMaxBytes / 1024} KiB.` },
        429,
      ),
    },
    async (request) => passkeys.options(request.body.email),
  );

  route(
    app,
    'signInWithPasskey',
    {
      summary: 'Sign in with a passkey',
      description: `Takes the browser's answer to the options (\`PublicKeyCredential.toJSON()\`). No password and no second step: the passkey verified its user. Answers as \`POST /api/signin\` does. ${SESSION_COOKIES_DOC.set}`,
      tags,
      security,
      bodyLimit: PASSKEY.answerMaxBytes,
      errors: errorResponses(
        400,
        {
          401: 'The answer does not verify, its challenge is unknown, used or expired, or its passkey is on no account (`PASSKEY_NOT_VERIFIED`); the answer does not say which.',
          403: 'The account is suspended (`SUSPENDED`).',
          413: `The body is over ${PASSKEY.answerMaxBytes / 1024} KiB.`,
        },
        429,
      ),
    },
    async (request, reply) => {
      const { user, token, refresh } = await passkeys.signIn(
        request.body.response,
        deviceOf(request),
      );
      cookies.set(reply, refresh.token, refresh.expiresAt);
      return { token, user: await presentMe(deps, user) };
    },
  );
};
export default passkeySignInRoutes;
