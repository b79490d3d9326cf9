import { PASSKEY } from '@devplay/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { depsOf } from '../../deps';
import { errorResponses, SECURITY } from '../../lib/openapi';
import { route } from '../../lib/route';
import type { SecretBox } from '../../lib/secret-box';
import { currentUser } from '../../plugins/auth';
import { createPasskeyService } from './passkey-service';

const tags = ['security'];
const security = SECURITY.member;
const missing = { 404: 'The member has no passkey with this id.' };

/** The member's own passkeys (WebAuthn): added, listed, renamed and removed. */
const passkeyRoutes: FastifyPluginAsyncZod<{ box: SecretBox }> = async (app, { box }) => {
  const passkeys = createPasskeyService(depsOf(app), box);

  route(
    app,
    'passkeyRegistrationOptions',
    {
      summary: 'Start adding a passkey',
      description: `Answers the options for \`navigator.credentials.create()\` (as JSON): a discoverable credential that verifies its user, none of the member's passkeys again. The challenge works once, for ${PASSKEY.challengeMinutes} minutes.`,
      tags,
      security,
      errors: errorResponses(
        401,
        { 422: `The member has ${PASSKEY.perMember} passkeys already (\`PASSKEY_LIMIT\`).` },
        429,
      ),
    },
    async (request) => passkeys.registrationOptions(currentUser(request)),
  );

  route(
    app,
    'registerPasskey',
    {
      summary: 'Add a passkey',
      description:
        "Takes the browser's answer to the options (`PublicKeyCredential.toJSON()`) and a name for it. The member is mailed that a passkey was added.",
      tags,
      security,
      errors: errorResponses(
        {
          400: 'Invalid input, or an answer that does not verify: its challenge unknown, used or expired, a wrong origin, no user verification (`PASSKEY_NOT_VERIFIED`).',
        },
        401,
        { 409: 'The passkey is on an account already (`PASSKEY_EXISTS`).' },
        { 422: `The member has ${PASSKEY.perMember} passkeys already (\`PASSKEY_LIMIT\`).` },
        429,
      ),
    },
    async (request, reply) => {
      const added = await passkeys.register(currentUser(request), request.body);
      return reply.code(201).send(added);
    },
  );

  route(
    app,
    'listPasskeys',
    {
      summary: "The member's passkeys",
      description: 'Oldest first, each with when it was added and last used to sign in.',
      tags,
      security,
      errors: errorResponses(401, 429),
    },
    async (request) => passkeys.list(currentUser(request)),
  );

  route(
    app,
    'renamePasskey',
    {
      summary: 'Rename a passkey',
      tags,
      security,
      errors: errorResponses(400, 401, missing, 429),
    },
    async (request) =>
      passkeys.rename(currentUser(request), request.params.passkeyId, request.body.name),
  );

  route(
    app,
    'removePasskey',
    {
      summary: 'Remove a passkey',
      description:
        "Takes the password; removing the last passkey while the authenticator app is on also takes a current code of the app or a recovery code. Wrong tries count as those of the app's changes. The member is mailed that a passkey was removed; the authenticator keeps it, but it signs in no more.",
      tags,
      security,
      errors: errorResponses(
        {
          400: 'Invalid input, a wrong password (`WRONG_PASSWORD`), a wrong code (`INVALID_CODE`), or no code for the last passkey (`field: code`).',
        },
        401,
        missing,
        { 429: 'Too many tries at this account: wait.' },
      ),
    },
    async (request) =>
      passkeys.remove(currentUser(request), request.params.passkeyId, request.body),
  );
};
export default passkeyRoutes;
