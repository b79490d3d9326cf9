import {
  AUTH_MESSAGES,
  ERROR_CODES,
  type emailOnlyInputSchema,
  type resetPasswordInputSchema,
  type signInInputSchema,
  type signUpInputSchema,
  type verifyInputSchema,
} from '@devplay/shared';
import type { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import { users, type EmailCodePurpose, type UserRow } from '../../db/schema/index';
import { violatedUniqueConstraint } from '../../lib/db-errors';
import type { Deps } from '../../deps';
import { badRequest, conflict, unauthorized } from '../../lib/errors';
import { readSiteSettings } from '../../db/site-settings';
import type { CodeBook } from './code-service';
import { codeMail } from './mails';

export const CODE_MAIL_JOB = 'code-mail';
type CodeMailJob = { userId: number; purpose: EmailCodePurpose; code: string };
import { admitSignUp, signUpAnswer } from './sign-up-gate';
import { confirmEmail } from '../../use-cases/confirm-email';
import { replacePassword } from '../../use-cases/replace-password';
import { hashPassword, verifyDecoy, verifyPassword } from '../../lib/passwords';
import { revokeFamilyOf, revokeSessions, rotateSession } from '../../db/sessions';
import { factorColumns, issueTicket, methodsFor } from '../../db/sign-in-tickets';
import { runningSuspension } from '../../db/suspensions';
import { openSession, refuseSuspended } from '../../use-cases/open-session';
import type { Device } from '../../lib/device';

// Inputs arrive already parsed by the shared schemas (e-mail lower-cased).
type Parsed<Schema extends z.ZodType> = z.output<Schema>;

export type AuthDeps = Pick<
  Deps,
  | 'db'
  | 'events'
  | 'config'
  | 'mailer'
  | 'accessTokens'
  | 'accountLimits'
  | 'jobs'
  | 'live'
  | 'log'
  | 'memberSteps'
>;

/** Sign-up, codes, sign-in and sessions; `codes` is keyed with the server's secret. */
export function createAuthService(deps: AuthDeps, codes: CodeBook) {
  const { db, mailer, jobs, accessTokens, accountLimits, live, log, config } = deps;
  const findByEmail = async (email: string) =>
    (await db.select().from(users).where(eq(users.email, email)))[0];

  /**
   * The code's mail is a job: its first attempt starts at once and a failed one is tried again
   * later, so an SMTP outage delays a code instead of losing it. Resend-code and forgot-password
   * answer without waiting for it; sign-up waits a little for `delivery`, how the first attempt
   * went.
   */
  async function sendCode(user: UserRow, purpose: EmailCodePurpose) {
    const code = await codes.issue(db, user.id, purpose);
    const job: CodeMailJob = { userId: user.id, purpose, code };
    const { firstAttempt } = await jobs.add(CODE_MAIL_JOB, job);
    const delivery = firstAttempt.then((outcome) =>
      outcome === 'done' ? 'sent' : outcome === 'failed' ? 'failed' : 'pending',
    );
    return { delivery };
  }

  const invalidCode = () => badRequest(AUTH_MESSAGES.invalidCode, ERROR_CODES.invalidCode, 'code');

  return {
    /**
     * A code mail's job: sent only while its code is still the live one, so a retry never
     * delivers a code a newer one replaced, or one already used or expired.
     */
    async deliverCode({ userId, purpose, code }: CodeMailJob) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user || !(await codes.isLive(db, userId, purpose, code))) return;
      await mailer.send(codeMail(user.email, user.username, purpose, code));
    },

    /** Whether the welcome page offers the sign-up form; nothing else of the settings is public. */
    async signUpMode() {
      const { registrations } = await readSiteSettings(db);
      return { registrations };
    },

    /** `address` is the client's: it may create so many accounts, however many tries fail. */
    async signUp(input: Parsed<typeof signUpInputSchema>, address: string) {
      const settings = await admitSignUp(db, input.email);
      await accountLimits.ensureAvailable('signUpsPerAddress', address);
      const taken = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(
          sql`${users.email} = ${input.email} or lower(${users.username}) = lower(${input.username})`,
        );
      if (taken.some((row) => row.email === input.email)) {
        throw conflict(AUTH_MESSAGES.emailTaken, ERROR_CODES.emailTaken, 'email');
      }
      if (taken.length > 0)
        throw conflict(AUTH_MESSAGES.usernameTaken, ERROR_CODES.usernameTaken, 'username');
      await accountLimits.consume('codesIssued', input.email);
      const passwordHash = await hashPassword(input.password);
      const user = await db
        .insert(users)
        .values({
          email: input.email,
          username: input.username,
          fullName: input.username,
          passwordHash,
          // The mode at sign-up decides; an admin's own address never waits for another admin.
          pendingApproval:
            settings.registrations === 'approval' && !config.adminEmails.has(input.email),
        })
        .returning()
        .then((rows) => rows[0]!)
        .catch((error: unknown) => {
          // Two sign-ups raced past the check above; the unique index had the last word.
          const constraint = violatedUniqueConstraint(error);
          if (constraint === null) throw error;
          throw constraint.includes('email')
            ? conflict(AUTH_MESSAGES.emailTaken, ERROR_CODES.emailTaken, 'email')
            : conflict(AUTH_MESSAGES.usernameTaken, ERROR_CODES.usernameTaken, 'username');
        });
      // Counted once made: sign-ups racing from one address may pass the check above together,
      // a few at most, which the per-request limit on the route bounds anyway.
      await accountLimits.record('signUpsPerAddress', address);
      return signUpAnswer((await sendCode(user, 'verify')).delivery);
    },

    async verify(input: Parsed<typeof verifyInputSchema>) {
      await accountLimits.consume('codeGuesses', input.email);
      const user = await findByEmail(input.email);
      if (!user) throw invalidCode();
      if (user.isVerified)
        throw badRequest(AUTH_MESSAGES.alreadyVerified, ERROR_CODES.alreadyVerified);
      await codes.consume(db, user.id, 'verify', input.code);
      await confirmEmail(deps, user.id);
      return { message: AUTH_MESSAGES.emailVerified };
    },

    async resendCode(input: Parsed<typeof emailOnlyInputSchema>) {
      await accountLimits.consume('codesIssued', input.email);
      const user = await findByEmail(input.email);
      if (user && !user.isVerified) await sendCode(user, 'verify');
      return { message: AUTH_MESSAGES.codeSent };
    },

    async signIn(input: Parsed<typeof signInInputSchema>, device: Device) {
      await accountLimits.ensureAvailable('signInFailures', input.email);
      // Whether a second step follows is read with the member: no statement more for most.
      const [found] = await db
        .select({ user: users, ...factorColumns(users.id) })
        .from(users)
        .where(eq(users.email, input.email));
      const user = found?.user;
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : await verifyDecoy(input.password);
      if (!user || !valid) {
        await accountLimits.consume('signInFailures', input.email);
        throw unauthorized(AUTH_MESSAGES.invalidCredentials, ERROR_CODES.invalidCredentials);
      }
      await accountLimits.reset('signInFailures', input.email);
      // Only past the password, so a suspension tells nothing to whoever does not know it.
      refuseSuspended(user);
      const methods = methodsFor(found);
      if (methods.length > 0) {
        const ticket = await issueTicket(db, user.id);
        return { challenge: { twoFactorRequired: true as const, ticket, methods } };
      }
      return { user, ...(await openSession(deps, user, device)) };
    },

    async refresh(refreshToken: string | undefined, device: Device) {
      const expired = unauthorized(AUTH_MESSAGES.sessionExpired, ERROR_CODES.invalidRefreshToken);
      if (!refreshToken) throw expired;
      const result = await db.transaction((tx) => rotateSession(tx, refreshToken, device));
      if (result.outcome === 'reused') {
        // A stolen token was replayed (or an old one resurfaced): end that whole session, its
        // access tokens and sockets included.
        const ended = await revokeFamilyOf(db, refreshToken);
        if (ended) await live.disconnect({ userId: ended.userId, sessionId: ended.familyId });
        log.warn('refresh token reuse detected; session family revoked');
      }
      if (result.outcome !== 'rotated') throw expired;
      const { userId, familyId } = result.issued;
      // A suspension revoked the member's sessions; one it raced with ends here.
      const [member] = await db
        .select({ suspendedAt: users.suspendedAt, suspendedUntil: users.suspendedUntil })
        .from(users)
        .where(eq(users.id, userId));
      if (member && runningSuspension(member)) {
        await revokeFamilyOf(db, result.issued.token);
        refuseSuspended(member);
      }
      return { token: await accessTokens.sign(userId, familyId), refresh: result.issued };
    },

    async logout(refreshToken: string | undefined) {
      const ended = refreshToken ? await revokeFamilyOf(db, refreshToken) : null;
      if (ended) await live.disconnect({ userId: ended.userId, sessionId: ended.familyId });
      return { message: AUTH_MESSAGES.signedOut };
    },

    async forgotPassword(input: Parsed<typeof emailOnlyInputSchema>) {
      await accountLimits.consume('codesIssued', input.email);
      const user = await findByEmail(input.email);
      if (user) await sendCode(user, 'reset');
      return { message: AUTH_MESSAGES.codeSent };
    },

    async resetPassword(input: Parsed<typeof resetPasswordInputSchema>) {
      await accountLimits.consume('codeGuesses', input.email);
      const user = await findByEmail(input.email);
      if (!user) throw invalidCode();
      await codes.consume(db, user.id, 'reset', input.code);
      // The code proved the mailbox, so the address counts as confirmed from now on.
      if (!user.isVerified) await confirmEmail(deps, user.id);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await replacePassword(tx, user.id, passwordHash);
        // Every session ends, access tokens included: whoever knew the old password is out.
        await revokeSessions(tx, user.id);
      });
      await live.disconnect({ userId: user.id });
      return { message: AUTH_MESSAGES.passwordReset };
    },
  };
}
