import { z } from 'zod';
import { pageOf } from './pagination';
import { textInput } from './primitives';
import { userSummarySchema } from './users';

export const MONEY_LIMITS = { maxTransferCents: 1_000_000, noteMax: 140 } as const;

/** SPEC §5 and §8 texts for money, verbatim where the spec gives them. */
export const MONEY_MESSAGES = {
  allFields: 'All fields must be filled in',
  sendError: 'Error sending transaction',
  sent: 'Transaction sent successfully!',
  empty: 'No transactions available',
  unknownUser: 'Unknown user',
  notAvailable: 'N/A',
  invalidAmount: 'Enter an amount between 0.01 and 10,000.00 € with at most two decimals',
  insufficientFunds: 'Insufficient funds',
  recipientNotFound: 'Recipient not found',
  toSelf: 'You cannot send money to yourself',
  noteTooLong: `A note can be at most ${MONEY_LIMITS.noteMax} characters`,
  keyReused: 'This transfer was already sent with different details',
} as const;

const AMOUNT = /^\d{1,5}(\.\d{1,2})?$/;

/**
 * Euros as typed ("12.5", 12.34) to integer cents, without floating-point arithmetic: the text
 * form is split at the dot. 0.1 + 0.2 arrives as 0.30000000000000004 and is refused.
 */
export function parseEuroCents(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
  if (!AMOUNT.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > 0 && cents <= MONEY_LIMITS.maxTransferCents ? cents : null;
}

export const centsToEuros = (cents: number) => cents / 100;

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
