// zod-jitless first: the schemas below are built when this module loads.
import '../../lib/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import { recoveryCodeSchema, totpCodeSchema } from '@devplay/shared';
import { z } from 'zod';

/**
 * The second step's rules, one code at a time (the app's, or a recovery code), in a chunk apart
 * from the password step's: only accounts with a second factor load them.
 */
export const secondStepResolvers = {
  totp: zodResolver(z.object({ code: totpCodeSchema })),
  recovery: zodResolver(z.object({ code: recoveryCodeSchema })),
};
