import { z } from 'zod';
import { usernameSchema } from './auth';
import { PRIVACY_AUDIENCES, REGISTRATION_MODES, SAFETY_LIMITS } from './safety-texts';
import { textInput } from './primitives';

/** POST /block and /unblock, /unmute: the other member by username. */
export const blockInputSchema = z.object({ username: usernameSchema });
/** POST /mute: `notifications` (default on) also keeps their notifications away. */
export const muteInputSchema = z.object({
  username: usernameSchema,
  notifications: z.boolean().default(true),
});
export const blockStateSchema = z.object({ blocked: z.boolean() });
export const muteStateSchema = z.object({ muted: z.boolean() });

/** API.md `Privacy`. */
export const privacySchema = z.object({
  messagesFrom: z.enum(PRIVACY_AUDIENCES),
  transfersFrom: z.enum(PRIVACY_AUDIENCES),
});
export type Privacy = z.infer<typeof privacySchema>;
/** PUT /me/privacy: any subset, nothing else. */
export const privacyUpdateSchema = privacySchema.partial().strict();

/**
 * A bare domain as an admin types it (`example.com`), stored lower-cased; `@` or a scheme is
 * refused rather than guessed at.
 */
const emailDomainSchema = textInput()
  .trim()
  .toLowerCase()
  .max(SAFETY_LIMITS.emailDomainMax)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, {
    error: 'Enter a domain such as example.com',
  });

/** GET /admin/settings. */
export const siteSettingsSchema = z.object({
  registrations: z.enum(REGISTRATION_MODES),
  blockedEmailDomains: z.array(z.string()),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
/** PUT /admin/settings: any subset, nothing else. */
export const siteSettingsUpdateSchema = z
  .object({
    registrations: z.enum(REGISTRATION_MODES),
    blockedEmailDomains: z.array(emailDomainSchema).max(SAFETY_LIMITS.blockedEmailDomainsMax),
  })
  .partial()
  .strict();
