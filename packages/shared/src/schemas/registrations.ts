import { z } from 'zod';
import { REGISTRATION_MODES } from './safety-texts';

/** GET /signup-mode: what the welcome page needs before anyone signs in. */
export const signUpModeSchema = z.object({ registrations: z.enum(REGISTRATION_MODES) });
export type SignUpMode = z.infer<typeof signUpModeSchema>;
