import { z } from 'zod';
import { LIMITS } from '../constants';
import { usernameSchema } from './auth';
import { STRONG_PASSWORD } from './auth-messages';
import { fromDigits, textInput } from './primitives';
import { privacySchema } from './safety';
import { PROFILE_MESSAGES } from './users-texts';
import { securitySchema, twoFactorChallengeSchema } from './two-factor';

export const userSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  avatar: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
export const userSummaryListSchema = z.array(userSummarySchema);

/** API.md `Me`: the signed-in member as GET /me and POST /signin answer it. */
export const meSchema = userSummarySchema.extend({
  email: z.string(),
  age: z.number().int().nullable(),
  bio: z.string(),
  balance: z.number(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  posts_count: z.number().int(),
  followersCount: z.number().int(),
  followingsCount: z.number().int(),
  unreadMessages: z.number().int(),
  unreadNotifications: z.number().int(),
  privacy: privacySchema,
  /** Signed up while registrations needed approval and not approved yet: reads, cannot write. */
  pendingApproval: z.boolean(),
  /** Admins only: the reports waiting for an admin. */
  openReports: z.number().int().optional(),
  security: securitySchema,
});
export type Me = z.infer<typeof meSchema>;

export const signInResponseSchema = z.object({ token: z.string(), user: meSchema });
/** POST /signin: a session, or on an account with a factor the ticket for the second step. */
export const signInAnswerSchema = z.union([signInResponseSchema, twoFactorChallengeSchema]);

/**
 * API.md `Profile`: another member as GET /user/:username answers it. A member who blocks the
 * viewer, or a suspended one, is shown by name and picture only: the details are left out.
 */
export const profileSchema = userSummarySchema.extend({
  age: z.number().int().nullable().optional(),
  bio: z.string().optional(),
  posts_count: z.number().int().optional(),
  followersCount: z.number().int().optional(),
  followingsCount: z.number().int().optional(),
  isFollowing: z.boolean(),
  isMe: z.boolean(),
  /** The viewer blocks them. */
  blocked: z.boolean(),
  /** The viewer mutes them. */
  muted: z.boolean(),
  /** They block the viewer. */
  blocksMe: z.boolean(),
  canMessage: z.boolean(),
  canSendMoney: z.boolean(),
  suspended: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileInputSchema = z.object({
  // The same rules and texts as at sign-up ('Enter username' is PROFILE_MESSAGES' text too).
  username: usernameSchema,
  fullName: textInput({ error: PROFILE_MESSAGES.enterFullName })
    .trim()
    .min(1, PROFILE_MESSAGES.enterFullName)
    .max(LIMITS.fullNameMax, PROFILE_MESSAGES.fullNameTooLong),
  // A field of the multipart form: digits.
  age: fromDigits(
    z
      .number({ error: PROFILE_MESSAGES.agePositive })
      .int(PROFILE_MESSAGES.agePositive)
      .positive(PROFILE_MESSAGES.agePositive)
      .max(LIMITS.ageMax, PROFILE_MESSAGES.agePositive),
  ),
  bio: textInput({ error: PROFILE_MESSAGES.enterBio })
    .trim()
    .min(1, PROFILE_MESSAGES.enterBio)
    .max(LIMITS.bioMax, PROFILE_MESSAGES.bioTooLong),
});

const filled = textInput({ error: PROFILE_MESSAGES.fillAllPasswordFields }).min(
  1,
  PROFILE_MESSAGES.fillAllPasswordFields,
);

export const changePasswordInputSchema = z.object({
  currentPassword: filled.max(LIMITS.passwordMax, PROFILE_MESSAGES.currentPasswordWrong),
  newPassword: filled
    .max(LIMITS.passwordMax, { error: PROFILE_MESSAGES.newPasswordStrength, abort: true })
    .regex(STRONG_PASSWORD, PROFILE_MESSAGES.newPasswordStrength),
});
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** The settings form adds a confirmation that never leaves the browser. */
export const changePasswordFormSchema = z
  .object({ currentPassword: filled, newPassword: filled, confirmPassword: filled })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PROFILE_MESSAGES.newPasswordsDoNotMatch,
    path: ['confirmPassword'],
  })
  .refine((v) => STRONG_PASSWORD.test(v.newPassword), {
    message: PROFILE_MESSAGES.newPasswordStrength,
    path: ['newPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

export const userSearchQuerySchema = z.object({
  query: textInput().trim().max(LIMITS.usernameMax).optional(),
  /** `suggest`: members the caller does not follow yet, for the users-to-follow list. */
  suggest: z.enum(['true', 'false']).optional(),
  limit: fromDigits(z.number().int().min(1).max(50)).prefault(10),
});

export const usernameParamSchema = z.object({ username: textInput().min(1).max(100) });
