import { LIMITS } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps';
import { deviceOf } from '../../lib/device';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import type { SecretBox } from '../../lib/secret-box';
import { SESSION_COOKIES_DOC, sessionCookies } from '../../lib/session-cookies';
import { presentMe } from '../../use-cases/present-me';
import { createSecurityService } from './service';

/** The second step of a sign-in: public, as the member has no session yet. */
const signInRoutes: FastifyPluginAsyncZod<{ box: SecretBox }> = async (app, { box }) => {
  const deps = depsOf(app);
  const security = createSecurityService(deps, box);
  const cookies = sessionCookies(app.config.publicUrl);

  route(
    app,
    'signInSecondStep',
    {
      summary: 'Finish a sign-in with a second factor',
      description: `Takes the ticket \`POST /api/signin\` answered and a code of the authenticator app (\`code\`, each once, one 30-second step either side of now) or an unused recovery code (\`recoveryCode\`). Answers as \`POST /api/signin\` does. ${SESSION_COOKIES_DOC.set} A ticket lives 5 minutes and takes 5 tries.`,
      tags: ['security'],
      security: SECURITY.none,
      bodyLimit: LIMITS.authBodyMaxBytes,
      errors: errorResponses(400, {
        401: 'A wrong code (`INVALID_CODE`), or a ticket unknown, used or expired (`TICKET_EXPIRED`).',
        403: 'The account was suspended meanwhile (`SUSPENDED`).',
        413: `The body is over ${LIMITS.authBodyMaxBytes / 1024} KiB.`,
        429: "The ticket's 5 tries are used (`TOO_MANY_ATTEMPTS`), or too many tries from this address or at this account.",
      }),
    },
    async (request, reply) => {
      const { user, token, refresh } = await security.secondStep(request.body, deviceOf(request));
      cookies.set(reply, refresh.token, refresh.expiresAt);
      return { token, user: await presentMe(deps, user) };
    },
  );
};
export default signInRoutes;
