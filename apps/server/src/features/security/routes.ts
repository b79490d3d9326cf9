import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import type { SecretBox } from '../../lib/secret-box';
import { currentUser } from '../../plugins/auth';
import { createSecurityService } from './service';

const tags = ['security'];
const security = SECURITY.member;
const proof = {
  400: 'Invalid input, a wrong password (`WRONG_PASSWORD`) or a wrong code (`INVALID_CODE`).',
  409: 'The authenticator app is not on (`TWO_FACTOR_OFF`).',
  429: 'Too many tries at this account: wait.',
};

/** The member's own factors: the authenticator app and its recovery codes. */
const securityRoutes: FastifyPluginAsyncZod<{ box: SecretBox }> = async (app, { box }) => {
  const service = createSecurityService(depsOf(app), box);

  route(
    app,
    'setupTotp',
    {
      summary: 'Set up an authenticator app',
      description:
        'Answers a new secret and its `otpauth://` address (for a QR code). Nothing changes at sign-in until `POST /api/me/2fa/totp/enable` proves the app with a code; setting up again replaces a secret still waiting.',
      tags,
      security,
      errors: errorResponses(401, { 409: 'The app is on already (`TWO_FACTOR_ON`).' }, 429),
    },
    async (request) => service.setupTotp(currentUser(request)),
  );

  route(
    app,
    'enableTotp',
    {
      summary: 'Turn the authenticator app on',
      description:
        'With a current code of the app just set up. Answers 10 recovery codes, once: each signs in once in place of a code.',
      tags,
      security,
      errors: errorResponses(
        { 400: 'Invalid input or a wrong code (`INVALID_CODE`).' },
        401,
        { 409: 'No app is waiting (`TWO_FACTOR_OFF`), or it is on already (`TWO_FACTOR_ON`).' },
        429,
      ),
    },
    async (request) => service.enableTotp(currentUser(request), request.body.code),
  );

  route(
    app,
    'disableTotp',
    {
      summary: 'Turn the authenticator app off',
      description:
        'Takes the password and a current code of the app or a recovery code; the recovery codes go with the app.',
      tags,
      security,
      errors: errorResponses(401, proof),
    },
    async (request) => service.disableTotp(currentUser(request), request.body),
  );

  route(
    app,
    'renewRecoveryCodes',
    {
      summary: 'Make new recovery codes',
      description:
        'Takes the password and a current code; answers 10 new codes, and the old ones stop working.',
      tags,
      security,
      errors: errorResponses(401, proof),
    },
    async (request) => service.renewRecoveryCodes(currentUser(request), request.body),
  );
};
export default securityRoutes;
