import {
  ERROR_CODES,
  PASSKEY,
  PASSKEY_MESSAGES,
  signInOptionsSchema,
  type passkeySignInInputSchema,
} from '@devplay/shared';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { passkeys, users } from '../../db/schema/index';
import type { Deps } from '../../deps';
import type { Device } from '../../lib/device';
import { unauthorized } from '../../lib/errors';
import { openSession, refuseSuspended } from '../../use-cases/open-session';
import { encodedUserHandleOf, notVerifiedIn, relyingParty } from './relying-party';
import { keepChallenge, signedClientData, takeChallenge } from './webauthn-challenges';

type Answer = z.output<typeof passkeySignInInputSchema>['response'];
export type PasskeySignInDeps = Pick<Deps, 'db' | 'accessTokens' | 'jobs' | 'config' | 'log'>;

const SIGN_IN = { kind: 'sign-in' } as const;
/** One answer for every failure, so a caller learns nothing of which part failed. */
const failed = () => unauthorized(PASSKEY_MESSAGES.signInFailed, ERROR_CODES.passkeyNotVerified);

/**
 * A sign-in with a passkey: no password and no second step, as a discoverable credential that
 * verified its user proves both (API.md "Two factors.").
 */
export function createPasskeySignIn(deps: PasskeySignInDeps) {
  const { db, config, log } = deps;
  const rp = relyingParty(config);

  /**
   * The passkey's new counter and time of use, in one statement that takes the counter only
   * upward (or at 0 for authenticators that keep none): a counter that does not rise means a
   * cloned authenticator, or a second answer racing this one.
   */
  async function recordUse(passkeyId: number, counter: number) {
    const rises = counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, counter);
    const used = await db
      .update(passkeys)
      .set({ counter, lastUsedAt: sql`now()` })
      .where(and(eq(passkeys.id, passkeyId), rises))
      .returning({ id: passkeys.id });
    return used.length > 0;
  }

  return {
    /**
     * With an e-mail, the browser is offered that account's passkeys. An unknown address, or an
     * account without one, gets an empty list, as a request without an e-mail does: the browser
     * then offers whatever passkey it holds here, and the answer tells no one who has an account.
     */
    async options(email: string | undefined) {
      const allowed = email
        ? await db
            .select({ id: passkeys.credentialId, transports: passkeys.transports })
            .from(passkeys)
            .innerJoin(users, eq(users.id, passkeys.userId))
            .where(eq(users.email, email))
        : [];
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: allowed,
        userVerification: 'required',
        timeout: PASSKEY.challengeMinutes * 60_000,
      });
      await keepChallenge(db, options.challenge, SIGN_IN);
      return signInOptionsSchema.parse(options);
    },

    async signIn(response: Answer, device: Device) {
      const signed = signedClientData(response.response.clientDataJSON);
      const challenge = signed && (await takeChallenge(db, signed.challenge, SIGN_IN));
      if (!signed || !challenge) throw failed();
      const [found] = await db
        .select({ passkey: passkeys, user: users })
        .from(passkeys)
        .innerJoin(users, eq(users.id, passkeys.userId))
        .where(eq(passkeys.credentialId, response.id));
      if (!found) throw failed();
      const { passkey, user } = found;
      const handle = response.response.userHandle;
      if (handle !== undefined && handle !== encodedUserHandleOf(user.id)) throw failed();
      const verification = await verifyAuthenticationResponse({
        // The schema checked the shape; the library checks what the bytes say.
        response: response as AuthenticationResponseJSON,
        ...rp.expectations(challenge, signed.origin),
        credential: {
          id: passkey.credentialId,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports,
        },
      }).catch(notVerifiedIn(log, 'sign-in'));
      if (!verification?.verified) throw failed();
      if (!(await recordUse(passkey.id, verification.authenticationInfo.newCounter)))
        throw failed();
      // Only past the passkey, as /signin tells of a suspension only past the password.
      refuseSuspended(user);
      return { user, ...(await openSession(deps, user, device)) };
    },
  };
}
