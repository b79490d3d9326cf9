import { z } from 'zod';
import { MONEY_LIMITS, MONEY_MESSAGES, parseEuroCents } from './money-texts';
import { pageOf } from './pagination';
import { textInput } from './primitives';
import { userSummarySchema } from './users';

export const sendMoneyInputSchema = z.object({
  amount: z
    .union([z.number(), z.string()], { error: MONEY_MESSAGES.allFields })
    .transform((value, ctx) => {
      const cents = parseEuroCents(value);
      if (cents === null) ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.invalidAmount });
      return cents ?? 0;
    }),
  userName: textInput({ error: MONEY_MESSAGES.allFields }).trim().min(1, MONEY_MESSAGES.allFields),
  note: textInput().trim().max(MONEY_LIMITS.noteMax, MONEY_MESSAGES.noteTooLong).optional(),
  idempotencyKey: textInput().min(8).max(100),
});
export type SendMoneyInput = z.input<typeof sendMoneyInputSchema>;

export const transactionSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  direction: z.enum(['in', 'out']),
  kind: z.enum(['welcome', 'transfer', 'closure']),
  counterparty: userSummarySchema.nullable(),
  trDate: z.string(),
  note: z.string().nullable(),
  balanceAfter: z.number(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionPageSchema = pageOf(transactionSchema).extend({ balance: z.number() });
export type TransactionPage = z.infer<typeof transactionPageSchema>;
