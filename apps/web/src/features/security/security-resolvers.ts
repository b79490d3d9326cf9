// zod-jitless first: the schemas below are built when this module loads.
import '../../lib/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  passwordAndCodeInputSchema,
  renamePasskeyInputSchema,
  totpEnableInputSchema,
} from '@devplay/shared';
import { z } from 'zod';

/** The Security card's rules, in a chunk of their own that lazyResolver loads on first use. */
export const enableCodeResolver = zodResolver(totpEnableInputSchema);
export const passwordAndCodeResolver = zodResolver(passwordAndCodeInputSchema);
/** The password alone, where no code is asked for: the form's code input is not shown. */
export const passwordOnlyResolver = zodResolver(
  passwordAndCodeInputSchema.extend({ code: z.string().max(0) }),
);
export const passkeyNameResolver = zodResolver(renamePasskeyInputSchema);
