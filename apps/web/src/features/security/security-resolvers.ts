// zod-jitless first: the schemas below are built when this module loads.
import '../../lib/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordAndCodeInputSchema, totpEnableInputSchema } from '@devplay/shared';

/** The Security card's rules, in a chunk of their own that lazyResolver loads on first use. */
export const enableCodeResolver = zodResolver(totpEnableInputSchema);
export const passwordAndCodeResolver = zodResolver(passwordAndCodeInputSchema);
