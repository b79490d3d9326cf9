import {
  ERROR_CODES,
  PASSKEY,
  PASSKEY_MESSAGES,
  passkeyTransportSchema,
  registrationOptionsSchema,
  type Passkey,
  type registerPasskeyInputSchema,
  type removePasskeyInputSchema,
} from '@devplay/shared';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { passkeys, users, type UserRow } from '../../db/schema/index';
import { factorsOf } from '../../db/sign-in-tickets';
import type { Deps } from '../../deps';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { alertFactorChange } from '../../use-cases/security-alerts';
import { createFactorProof } from './factor-proof';
import { notVerifiedIn, relyingParty, userHandleOf } from './relying-party';
import { keepChallenge, signedClientData, takeChallenge } from './webauthn-challenges';

type Registration = z.output<typeof registerPasskeyInputSchema>;
type Removal = z.output<typeof removePasskeyInputSchema>;
export type PasskeyDeps = Pick<Deps, 'db' | 'accountLimits' | 'jobs' | 'config' | 'log'>;

/** How the mails name the factor (use-cases/security-alerts.ts). */
const FACTOR = 'A passkey';

const presentPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const notVerified = (message: string = PASSKEY_MESSAGES.notVerified) =>
  badRequest(message, ERROR_CODES.passkeyNotVerified, 'response');
const tooMany = () => new AppError(422, ERROR_CODES.passkeyLimit, PASSKEY_MESSAGES.tooMany);
const missing = () => notFound(PASSKEY_MESSAGES.notFound);
const ownPasskey = (member: UserRow, passkeyId: number) =>
  and(eq(passkeys.id, passkeyId), eq(passkeys.userId, member.id));

/** The member's passkeys in Settings → Security: added, listed, renamed and removed. */
export function createPasskeyService(deps: PasskeyDeps, box: SecretBox) {
  const { db, config, log } = deps;
  const rp = relyingParty(config);
  const proveFactors = createFactorProof(deps, box);

  const credentialsOf = (member: UserRow) =>
    db
      .select({ id: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, member.id));

  /** Verifies what the authenticator made against the member's live challenge. */
  async function verifiedCredential(member: UserRow, response: Registration['response']) {
    const signed = signedClientData(response.response.clientDataJSON);
    const challenge =
      signed &&
      (await takeChallenge(db, signed.challenge, { kind: 'registration', userId: member.id }));
    if (!signed || !challenge) throw notVerified(PASSKEY_MESSAGES.expired);
    const verification = await verifyRegistrationResponse({
      // The schema checked the shape; the library checks what the bytes say.
      response: response as RegistrationResponseJSON,
      ...rp.expectations(challenge, signed.origin),
    }).catch(notVerifiedIn(log, 'registration'));
    if (!verification?.verified) throw notVerified();
    return verification.registrationInfo.credential;
  }

  return {
    /** Creation options for a discoverable credential that verifies its user (API.md). */
    async registrationOptions(member: UserRow) {
      const own = await credentialsOf(member);
      if (own.length >= PASSKEY.perMember) throw tooMany();
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userID: userHandleOf(member.id),
        // What the browser's account picker shows: the address the member signs in with.
        userName: member.email,
        userDisplayName: member.username,
        timeout: PASSKEY.challengeMinutes * 60_000,
        attestationType: 'none',
        excludeCredentials: own,
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await keepChallenge(db, options.challenge, { kind: 'registration', userId: member.id });
      return registrationOptionsSchema.parse(options);
    },

    async register(member: UserRow, { response, name }: Registration) {
      const credential = await verifiedCredential(member, response);
      const row = await db
        .transaction(async (tx) => {
          // One member's registrations take turns, so parallel ones cannot pass the limit.
          await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.id, member.id))
            .for('update');
          const own = await tx
            .select({ id: passkeys.id })
            .from(passkeys)
            .where(eq(passkeys.userId, member.id));
          if (own.length >= PASSKEY.perMember) throw tooMany();
          const [added] = await tx
            .insert(passkeys)
            .values({
              userId: member.id,
              credentialId: credential.id,
              publicKey: isoBase64URL.fromBuffer(credential.publicKey),
              counter: credential.counter,
              transports: (credential.transports ?? []).filter(
                (transport) => passkeyTransportSchema.safeParse(transport).success,
              ),
              name,
            })
            .returning();
          return added!;
        })
        .catch((error: unknown) => {
          if (violatedUniqueConstraint(error))
            throw conflict(PASSKEY_MESSAGES.alreadyAdded, ERROR_CODES.passkeyExists, 'response');
          throw error;
        });
      await alertFactorChange(deps, member, FACTOR, 'added');
      return presentPasskey(row);
    },

    async list(member: UserRow) {
      const rows = await db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, member.id))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
      return rows.map(presentPasskey);
    },

    async rename(member: UserRow, passkeyId: number, name: string) {
      const [row] = await db
        .update(passkeys)
        .set({ name })
        .where(ownPasskey(member, passkeyId))
        .returning();
      if (!row) throw missing();
      return presentPasskey(row);
    },

    /**
     * Always the password. The last one takes the passkey factor away: like turning the app off,
     * that needs a current code where the app is on (API.md); without the app there is no code.
     */
    async remove(member: UserRow, passkeyId: number, { password, code }: Removal) {
      const [target] = await db
        .select({ id: passkeys.id })
        .from(passkeys)
        .where(ownPasskey(member, passkeyId));
      if (!target) throw missing();
      const { appOn, passkeys: count } = await factorsOf(db, member.id);
      const needsCode = appOn && count === 1;
      if (needsCode && code === undefined)
        throw badRequest(PASSKEY_MESSAGES.codeForLast, ERROR_CODES.validation, 'code');
      await proveFactors(member, password, needsCode ? code : undefined);
      await db.transaction(async (tx) => {
        const own = await tx
          .select({ id: passkeys.id })
          .from(passkeys)
          .where(eq(passkeys.userId, member.id))
          .for('update');
        if (!own.some((row) => row.id === passkeyId)) throw missing();
        // Another removal went first meanwhile, and this one is now the last.
        if (appOn && own.length === 1 && !needsCode)
          throw badRequest(PASSKEY_MESSAGES.codeForLast, ERROR_CODES.validation, 'code');
        await tx.delete(passkeys).where(ownPasskey(member, passkeyId));
      });
      await alertFactorChange(deps, member, FACTOR, 'removed');
      return { message: PASSKEY_MESSAGES.removed };
    },
  };
}
