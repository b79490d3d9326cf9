import { z } from 'zod';
import { EMAIL_CODE, LIMITS } from '../constants';
import { AUTH_MESSAGES, EMAIL_PATTERN, STRONG_PASSWORD, USERNAME_CHARS } from './auth-messages';
import { textInput } from './primitives';

const USERNAME_PATTERN = new RegExp(`^[${USERNAME_CHARS}]+$`);
const USERNAME_PATTERN_MESSAGE = 'Only letters, digits, dot, dash and underscore';

// DESIGN §7, lengths before patterns: a failed length check aborts, so no pattern ever sees more
// than the length allows. An address is taken as sent, never trimmed: the pattern (in the API
// description too) has no room for spaces, so ' ada@example.com' is 'Incorrect email' on every
// route alike; only a blank one is 'Enter email'. A browser's e-mail field strips them itself.
export const emailSchema = textInput({ error: AUTH_MESSAGES.enterEmail })
  .refine((email) => email.trim() !== '', { error: AUTH_MESSAGES.enterEmail, abort: true })
  .max(LIMITS.emailMax, { error: AUTH_MESSAGES.incorrectEmail, abort: true })
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.incorrectEmail)
  .transform((email) => email.toLowerCase());

/** SPEC §5's password rules: sign-up, changes, resets, and the admin CLI's reset-password. */
export const strongPasswordSchema = textInput({ error: AUTH_MESSAGES.enterPassword })
  .min(1, AUTH_MESSAGES.enterPassword)
  .max(LIMITS.passwordMax, { error: AUTH_MESSAGES.passwordStrength, abort: true })
  .regex(STRONG_PASSWORD, AUTH_MESSAGES.passwordStrength);

export const usernameSchema = textInput({ error: AUTH_MESSAGES.enterUsername })
  .trim()
  .min(1, AUTH_MESSAGES.enterUsername)
  .min(LIMITS.usernameMin, AUTH_MESSAGES.usernameMin)
  .max(LIMITS.usernameMax, { error: `Maximum ${LIMITS.usernameMax} characters`, abort: true })
  .regex(USERNAME_PATTERN, USERNAME_PATTERN_MESSAGE);

const codeSchema = textInput({ error: AUTH_MESSAGES.codeRequired })
  .trim()
  .min(1, AUTH_MESSAGES.codeRequired)
  .max(EMAIL_CODE.length, { error: AUTH_MESSAGES.codeFormat, abort: true })
  .regex(new RegExp(`^\\d{${EMAIL_CODE.length}}$`), AUTH_MESSAGES.codeFormat);

export const signUpInputSchema = z
  .object({
    email: emailSchema,
    username: usernameSchema,
    password: strongPasswordSchema,
    confirm_password: textInput({ error: AUTH_MESSAGES.confirmPassword }).min(
      1,
      AUTH_MESSAGES.confirmPassword,
    ),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type SignUpInput = z.input<typeof signUpInputSchema>;

export const signInInputSchema = z.object({
  email: emailSchema,
  password: textInput({ error: AUTH_MESSAGES.enterPassword })
    .min(1, AUTH_MESSAGES.enterPassword)
    .min(LIMITS.signInPasswordMin, AUTH_MESSAGES.signInPasswordMin)
    .max(LIMITS.passwordMax, AUTH_MESSAGES.invalidCredentials),
});
export type SignInInput = z.input<typeof signInInputSchema>;

export const verifyInputSchema = z.object({ email: emailSchema, code: codeSchema });
export type VerifyInput = z.input<typeof verifyInputSchema>;

export const emailOnlyInputSchema = z.object({ email: emailSchema });
export type EmailOnlyInput = z.input<typeof emailOnlyInputSchema>;

export const resetPasswordInputSchema = z.object({
  email: emailSchema,
  code: codeSchema,
  newPassword: strongPasswordSchema,
});
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

/** The reset form adds a confirmation that never leaves the browser. */
export const resetPasswordFormSchema = z
  .object({
    code: codeSchema,
    newPassword: strongPasswordSchema,
    confirmPassword: textInput({ error: AUTH_MESSAGES.confirmPassword }).min(
      1,
      AUTH_MESSAGES.confirmPassword,
    ),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.resetPasswordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });
