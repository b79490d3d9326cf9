// Kept apart from the schemas so code that only needs these does not pull in zod.
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
