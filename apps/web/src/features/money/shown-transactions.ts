import type { Transaction } from '@devplay/shared';
// Moves to lib/format-date-time.ts with the posts work; only the import path changes then.
import { formatDateTime } from '../posts/format-date-time';

/** SPEC §3: entries without a date or an amount are not shown at all. */
export const isShownTransaction = (transaction: Transaction) =>
  Number.isFinite(transaction.amount) && formatDateTime(transaction.trDate) !== '';
