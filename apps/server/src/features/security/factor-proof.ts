import { ERROR_CODES, TWO_FACTOR, TWO_FACTOR_MESSAGES } from '@devplay/shared';
import type { UserRow } from '../../db/schema/index';
import type { Deps } from '../../deps';
import { badRequest } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { SecretBox } from '../../lib/secret-box';
import { acceptAppCode } from './app-codes';
import { useRecoveryCode } from './recovery-codes';

const wrong = (field: 'password' | 'code') =>
  badRequest(
    TWO_FACTOR_MESSAGES.wrongPasswordOrCode,
    field === 'password' ? ERROR_CODES.wrongPassword : ERROR_CODES.invalidCode,
    field,
  );

/**
 * What a change to the factors takes: the password, and a current code where one is given (the
 * app's 6 digits or an unused recovery code, as `factorCodeSchema` reads them). Every try counts
 * toward the member's `secondFactorGuesses`, whichever factor the change is about.
 */
export function createFactorProof(
  { db, accountLimits }: Pick<Deps, 'db' | 'accountLimits'>,
  box: SecretBox,
) {
  const acceptFactorCode = async (userId: number, code: string) =>
    code.length === TWO_FACTOR.digits
      ? (await acceptAppCode(db, box, userId, code, 'enabled')) === 'accepted'
      : useRecoveryCode(db, userId, code);

  return async function proveFactors(member: UserRow, password: string, code?: string) {
    await accountLimits.consume('secondFactorGuesses', member.id);
    if (!(await verifyPassword(member.passwordHash, password))) throw wrong('password');
    if (code !== undefined && !(await acceptFactorCode(member.id, code))) throw wrong('code');
  };
}
