// zod-jitless first: the schemas below are built when this module loads.
import '../../lib/zod-jitless';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  MONEY_MESSAGES,
  parseEuroCents,
  sendMoneyInputSchema,
  type UserSummary,
} from '@devplay/shared';
import type { SendMoneyFormOutput, SendMoneyFormValues } from './send-money-values';

/**
 * The send form's rules: SPEC §5 asks for every field ('All fields must be filled in') before
 * the shared rules judge the sum and the note, so a blank sum never reads as an invalid one.
 * Loaded with the form's first check, so zod stays off the first paint of /transactions.
 */
const sendMoneyFormSchema = z.object({
  recipient: z
    .custom<UserSummary | null>((value) => value != null, { error: MONEY_MESSAGES.allFields })
    .transform((value) => value as UserSummary),
  // Integer cents from '12.34' or '12,34', never through a float (shared parseEuroCents).
  amount: z
    .string()
    .trim()
    .min(1, MONEY_MESSAGES.allFields)
    .transform((value, ctx) => {
      const cents = parseEuroCents(value);
      if (cents !== null) return cents;
      ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.invalidAmount });
      return z.NEVER;
    }),
  note: sendMoneyInputSchema.shape.note,
});

// The hand-written form types must stay what the schema reads and makes.
export const sendMoneyResolver = zodResolver<SendMoneyFormValues, unknown, SendMoneyFormOutput>(
  sendMoneyFormSchema,
);
