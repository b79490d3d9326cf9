// zod-jitless first: the schemas below are built when this module loads.
import '../../lib/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  emailOnlyInputSchema,
  emailSchema,
  resetPasswordFormSchema,
  signInInputSchema,
  signUpInputSchema,
  verifyInputSchema,
} from '@devplay/shared';
import { z } from 'zod';

/** The auth forms' rules, in a chunk of their own that lazyResolver loads on first use. */
export const signInResolver = zodResolver(signInInputSchema);
export const signUpResolver = zodResolver(signUpInputSchema);
export const verifyResolver = zodResolver(verifyInputSchema);
export const emailOnlyResolver = zodResolver(emailOnlyInputSchema);
// The e-mail is part of the reset form only when none was remembered by /forgot-password.
export const resetPasswordResolver = zodResolver(
  z.object({ email: emailSchema }).and(resetPasswordFormSchema),
);
