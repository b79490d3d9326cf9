import { z } from 'zod';
import { siteSettingsUpdateSchema } from './safety';
import { REGISTRATION_MODES } from './safety-texts';

/** GET /signup-mode: what the welcome page needs before anyone signs in. */
export const signUpModeSchema = z.object({ registrations: z.enum(REGISTRATION_MODES) });
export type SignUpMode = z.infer<typeof signUpModeSchema>;

/** One blocked e-mail domain as PUT /admin/settings takes it, for the Settings tab's Add. */
export const blockedEmailDomainSchema =
  siteSettingsUpdateSchema.shape.blockedEmailDomains.unwrap().element;
