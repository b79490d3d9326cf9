import { AUTH_MESSAGES, EMAIL_CODE, ERROR_CODES } from '@devplay/shared';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client';
import { emailCodes, type EmailCodePurpose } from '../../db/schema/index';
import { badRequest } from '../../lib/errors';

export function createCodeBook(secret: string) {
  // HMAC, not a bare hash: a million possible codes would fall to a table in a second.
  const digest = (userId: number, purpose: EmailCodePurpose, code: string) =>
    createHmac('sha256', secret).update(`${userId}:${purpose}:${code}`).digest();

  return {
    /** A fresh CSPRNG code that replaces any earlier one of the same purpose. */
    async issue(db: Db, userId: number, purpose: EmailCodePurpose): Promise<string> {
      const code = String(randomInt(0, 10 ** EMAIL_CODE.length)).padStart(EMAIL_CODE.length, '0');
      const row = {
        userId,
        purpose,
        codeHash: digest(userId, purpose, code).toString('hex'),
        attempts: 0,
        expiresAt: new Date(Date.now() + EMAIL_CODE.ttlMinutes * 60_000),
      };
      await db
        .insert(emailCodes)
        .values(row)
        .onConflictDoUpdate({
          target: [emailCodes.userId, emailCodes.purpose],
          set: { ...row, createdAt: sql`now()` },
        });
      return code;
    },

    /** Whether `code` is the member's live code for `purpose`: issued last, unused, in time. */
    async isLive(db: Db, userId: number, purpose: EmailCodePurpose, code: string) {
      const [row] = await db
        .select({ codeHash: emailCodes.codeHash })
        .from(emailCodes)
        .where(
          and(
            eq(emailCodes.userId, userId),
            eq(emailCodes.purpose, purpose),
            gt(emailCodes.expiresAt, sql`now()`),
            lt(emailCodes.attempts, EMAIL_CODE.maxAttempts),
          ),
        );
      return (
        !!row && timingSafeEqual(Buffer.from(row.codeHash, 'hex'), digest(userId, purpose, code))
      );
    },

    /**
     * Consumes the code on success. Each try is counted before the comparison, in one atomic
     * update, so even parallel guesses get at most EMAIL_CODE.maxAttempts chances.
     */
    async consume(db: Db, userId: number, purpose: EmailCodePurpose, code: string): Promise<void> {
      const invalid = badRequest(AUTH_MESSAGES.invalidCode, ERROR_CODES.invalidCode, 'code');
      const tooMany = badRequest(
        AUTH_MESSAGES.tooManyAttempts,
        ERROR_CODES.tooManyAttempts,
        'code',
      );
      const ofUser = and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose));
      const [row] = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(
          and(
            ofUser,
            gt(emailCodes.expiresAt, sql`now()`),
            lt(emailCodes.attempts, EMAIL_CODE.maxAttempts),
          ),
        )
        .returning();
      if (!row) {
        const [spent] = await db
          .select({ attempts: emailCodes.attempts })
          .from(emailCodes)
          .where(ofUser);
        throw spent && spent.attempts >= EMAIL_CODE.maxAttempts ? tooMany : invalid;
      }
      const matches = timingSafeEqual(
        Buffer.from(row.codeHash, 'hex'),
        digest(userId, purpose, code),
      );
      if (!matches) throw row.attempts >= EMAIL_CODE.maxAttempts ? tooMany : invalid;
      // Single use: only the request that deletes the row may go on.
      const deleted = await db.delete(emailCodes).where(eq(emailCodes.id, row.id)).returning();
      if (deleted.length === 0) throw invalid;
    },
  };
}
export type CodeBook = ReturnType<typeof createCodeBook>;
