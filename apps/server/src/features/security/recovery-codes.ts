import { TWO_FACTOR } from '@devplay/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client';
import { recoveryCodes } from '../../db/schema/index';
import { hashPassword, verifyPassword } from '../../lib/passwords';

/** Letters and digits no one misreads on paper (no 0/o, 1/l/i): 31 of them, ~49.5 bits a code. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const newCode = () =>
  Array.from(
    { length: TWO_FACTOR.recoveryCodeLength },
    () => ALPHABET[randomInt(ALPHABET.length)],
  ).join('');

/** As printed for the member: two groups of five. */
const printed = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Ten new codes in place of the member's old ones; answers them as printed, the only time. */
export async function replaceRecoveryCodes(db: Db, userId: number) {
  const codes = Array.from({ length: TWO_FACTOR.recoveryCodes }, newCode);
  const hashes = await Promise.all(codes.map(hashPassword));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  return codes.map(printed);
}

/**
 * Uses up the member's unused code that `code` (as the schema reads it: lower case, no dash)
 * matches; false when none does. Two uses of one code race to the update and one wins.
 */
export async function useRecoveryCode(db: Db, userId: number, code: string) {
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const row of unused) {
    if (!(await verifyPassword(row.codeHash, code))) continue;
    const used = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.id, row.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used.length > 0;
  }
  return false;
}
