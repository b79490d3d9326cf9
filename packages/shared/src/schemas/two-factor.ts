import { z } from 'zod';
import { LIMITS } from '../constants';
import { textInput } from './primitives';
import {
  SECOND_STEP_METHODS,
  SESSION_MESSAGES,
  TWO_FACTOR,
  TWO_FACTOR_MESSAGES,
} from './two-factor-texts';

const TOTP_PATTERN = new RegExp(`^\\d{${TWO_FACTOR.digits}}$`);
/** Two groups of five from the letters and digits least often misread, case and dash optional. */
const RECOVERY_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;

/** A code from the authenticator app; spaces inside (`123 456`, as apps show it) are dropped. */
export const totpCodeSchema = textInput({ error: TWO_FACTOR_MESSAGES.enterCode })
  .max(16, { error: TWO_FACTOR_MESSAGES.codeFormat, abort: true })
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.enterCode)
      .regex(TOTP_PATTERN, TWO_FACTOR_MESSAGES.codeFormat),
  );

/** A recovery code as printed (`k7m2p-q9x4t`), read case-insensitively and without spaces. */
export const recoveryCodeSchema = textInput({ error: TWO_FACTOR_MESSAGES.enterRecoveryCode })
  .max(32, { error: TWO_FACTOR_MESSAGES.recoveryCodeFormat, abort: true })
  .transform((code) => code.replace(/\s/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.enterRecoveryCode)
      .regex(RECOVERY_PATTERN, TWO_FACTOR_MESSAGES.recoveryCodeFormat)
      .transform((code) => code.replace('-', '')),
  );

/** A current code where a factor guards a change: the app's code or an unused recovery code. */
const factorCodeSchema = textInput({ error: TWO_FACTOR_MESSAGES.enterCode })
  .max(32, { error: TWO_FACTOR_MESSAGES.factorCodeFormat, abort: true })
  .transform((code) => code.replace(/\s/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.enterCode)
      .refine((code) => TOTP_PATTERN.test(code) || RECOVERY_PATTERN.test(code), {
        error: TWO_FACTOR_MESSAGES.factorCodeFormat,
      })
      .transform((code) => code.replace('-', '')),
  );

const passwordSchema = textInput({ error: TWO_FACTOR_MESSAGES.enterPassword })
  .min(1, TWO_FACTOR_MESSAGES.enterPassword)
  .max(LIMITS.passwordMax, TWO_FACTOR_MESSAGES.wrongPasswordOrCode);

/** API.md `Security`: the member's factors, as Me tells them. */
export const securitySchema = z.object({
  totp: z.boolean(),
  passkeys: z.number().int(),
  recoveryCodesLeft: z.number().int(),
});
export type Security = z.infer<typeof securitySchema>;

/** POST /signin with the right password on an account with a factor: no session yet. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  ticket: z.string(),
  methods: z.array(z.enum(SECOND_STEP_METHODS)),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

const ticketSchema = textInput({ error: TWO_FACTOR_MESSAGES.ticketExpired })
  .min(1, TWO_FACTOR_MESSAGES.ticketExpired)
  .max(64, TWO_FACTOR_MESSAGES.ticketExpired);

/** POST /signin/2fa: the ticket and exactly one of a code or a recovery code. */
export const secondStepInputSchema = z
  .object({
    ticket: ticketSchema,
    code: totpCodeSchema.optional(),
    recoveryCode: recoveryCodeSchema.optional(),
  })
  .refine((input) => (input.code === undefined) !== (input.recoveryCode === undefined), {
    error: TWO_FACTOR_MESSAGES.enterCode,
    path: ['code'],
  });
export type SecondStepInput = z.input<typeof secondStepInputSchema>;

export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpEnableInputSchema = z.object({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).length(TWO_FACTOR.recoveryCodes),
});
/** Turning the app off and new recovery codes: the password and a current code. */
export const passwordAndCodeInputSchema = z.object({
  password: passwordSchema,
  code: factorCodeSchema,
});
export type PasswordAndCodeInput = z.input<typeof passwordAndCodeInputSchema>;

/** API.md `Session`: a signed-in browser; `ip` masked (a.b.c.x). */
const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  browser: z.string(),
  os: z.string(),
  ip: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.array(sessionSchema);
export const sessionParamSchema = z.object({
  sessionId: z.uuid({ error: SESSION_MESSAGES.notFound }),
});
