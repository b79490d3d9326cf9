import {
  ERROR_CODES,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
  type passwordAndCodeInputSchema,
  type secondStepInputSchema,
} from '@devplay/shared';
import { eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recoveryCodes, totpFactors, users, type UserRow } from '../../db/schema/index';
import { endTicket, secondStepMethods, tryTicket } from '../../db/sign-in-tickets';
import type { Deps } from '../../deps';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors';
import type { Device } from '../../lib/device';
import type { SecretBox } from '../../lib/secret-box';
import { openSession, refuseSuspended } from '../../use-cases/open-session';
import { alertFactorChange } from '../../use-cases/security-alerts';
import { acceptAppCode } from './app-codes';
import { createFactorProof } from './factor-proof';
import { replaceRecoveryCodes, useRecoveryCode } from './recovery-codes';
import { newTotpSecret, otpauthUrl } from './totp';

type PasswordAndCode = z.output<typeof passwordAndCodeInputSchema>;
type SecondStep = z.output<typeof secondStepInputSchema>;
export type SecurityDeps = Pick<Deps, 'db' | 'accountLimits' | 'accessTokens' | 'jobs'>;

const APP = 'An authenticator app';

const ticketExpired = () =>
  unauthorized(TWO_FACTOR_MESSAGES.ticketExpired, ERROR_CODES.ticketExpired);

/** The authenticator app, recovery codes and the second step of a sign-in (API.md "Two factors."). */
export function createSecurityService(deps: SecurityDeps, box: SecretBox) {
  const { db, accountLimits } = deps;
  const proveFactors = createFactorProof(deps, box);

  /** The app's changes take the password and a current code of it, or a recovery code. */
  async function provePasswordAndCode(member: UserRow, input: PasswordAndCode) {
    if (!(await secondStepMethods(db, member.id)).includes('totp'))
      throw conflict(TWO_FACTOR_MESSAGES.notOn, ERROR_CODES.twoFactorOff);
    await proveFactors(member, input.password, input.code);
  }

  return {
    /** A new secret, not on until a code proves the app has it; a waiting one is replaced. */
    async setupTotp(member: UserRow) {
      const secret = newTotpSecret();
      const secretSealed = box.seal(secret);
      const [row] = await db
        .insert(totpFactors)
        .values({ userId: member.id, secretSealed })
        .onConflictDoUpdate({
          target: totpFactors.userId,
          set: { secretSealed, lastStep: 0, createdAt: sql`now()` },
          setWhere: isNull(totpFactors.enabledAt),
        })
        .returning({ userId: totpFactors.userId });
      if (!row) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, ERROR_CODES.twoFactorOn);
      return { secret, otpauthUrl: otpauthUrl(secret, member.email) };
    },

    async enableTotp(member: UserRow, code: string) {
      await accountLimits.consume('secondFactorGuesses', member.id);
      const outcome = await acceptAppCode(db, box, member.id, code, 'pending');
      if (outcome === 'none') {
        const on = (await secondStepMethods(db, member.id)).includes('totp');
        throw on
          ? conflict(TWO_FACTOR_MESSAGES.alreadyOn, ERROR_CODES.twoFactorOn)
          : conflict(TWO_FACTOR_MESSAGES.notSetUp, ERROR_CODES.twoFactorOff);
      }
      if (outcome === 'wrong')
        throw badRequest(TWO_FACTOR_MESSAGES.wrongCode, ERROR_CODES.invalidCode, 'code');
      const recoveryCodes = await replaceRecoveryCodes(db, member.id);
      await alertFactorChange(deps, member, APP, 'added');
      return { recoveryCodes };
    },

    async disableTotp(member: UserRow, input: PasswordAndCode) {
      await provePasswordAndCode(member, input);
      await db.transaction(async (tx) => {
        await tx.delete(totpFactors).where(eq(totpFactors.userId, member.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, member.id));
      });
      await alertFactorChange(deps, member, APP, 'removed');
      return { message: TWO_FACTOR_MESSAGES.turnedOff };
    },

    async renewRecoveryCodes(member: UserRow, input: PasswordAndCode) {
      await provePasswordAndCode(member, input);
      return { recoveryCodes: await replaceRecoveryCodes(db, member.id) };
    },

    /**
     * The ticket counts every try; past TWO_FACTOR.ticketTries it answers 429 until it expires,
     * and the member's own limit bounds the tries across tickets (a new ticket costs a password).
     */
    async secondStep(input: SecondStep, device: Device) {
      const ticket = await tryTicket(db, input.ticket);
      if (!ticket) throw ticketExpired();
      if (ticket.tries > TWO_FACTOR.ticketTries)
        throw new AppError(429, ERROR_CODES.tooManyAttempts, TWO_FACTOR_MESSAGES.tooManyTries);
      await accountLimits.consume('secondFactorGuesses', ticket.userId);
      const accepted =
        input.code !== undefined
          ? (await acceptAppCode(db, box, ticket.userId, input.code, 'enabled')) === 'accepted'
          : await useRecoveryCode(db, ticket.userId, input.recoveryCode ?? '');
      if (!accepted) {
        const [message, field] =
          input.code !== undefined
            ? [TWO_FACTOR_MESSAGES.wrongCode, 'code']
            : [TWO_FACTOR_MESSAGES.wrongRecoveryCode, 'recoveryCode'];
        throw new AppError(401, ERROR_CODES.invalidCode, message, field);
      }
      await endTicket(db, input.ticket);
      const [user] = await db.select().from(users).where(eq(users.id, ticket.userId));
      if (!user) throw ticketExpired();
      // A suspension that began after the password step still holds.
      refuseSuspended(user);
      return { user, ...(await openSession(deps, user, device)) };
    },
  };
}
